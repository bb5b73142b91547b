/** Filters and facets over the listing: one byte per record (kind and regions), in id order. */
import { KINDS, REGIONS, type Kind, type Region } from '../schema/kinds-regions.ts';

/** Bit of a region in a listing region mask. */
export function regionBit(region: Region): number {
  return 1 << REGIONS.indexOf(region);
}

/** The kind of a listing byte. */
export function kindOf(byte: number): Kind {
  return KINDS[byte & 0x0f]!;
}

/** The regions of a listing byte, in vocabulary order. */
export function regionsOf(byte: number): Region[] {
  return REGIONS.filter((region) => ((byte >> 4) & regionBit(region)) !== 0);
}

/** Filters for a listing or a search. */
export interface Filters {
  kind?: Kind | undefined;
  region?: Region | undefined;
}

/** A predicate on listing positions for the given filters, or null when there is nothing to filter. */
export function positionFilter(kindRegions: Uint8Array, filters: Filters): ((position: number) => boolean) | null {
  const kind = filters.kind === undefined ? -1 : KINDS.indexOf(filters.kind);
  const bit = filters.region === undefined ? 0 : regionBit(filters.region) << 4;
  if (kind < 0 && bit === 0) return null;
  return (i) => (kind < 0 || (kindRegions[i]! & 0x0f) === kind) && (bit === 0 || (kindRegions[i]! & bit) !== 0);
}
