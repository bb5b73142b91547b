/** Filters and facets over the listing: one byte per record (kind and regions), in id order. */
import { KINDS, REGIONS, type Kind, type Region } from '../../schema/kinds-regions.ts';

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

/** A predicate on listing positions, or null when every position is kept. */
export type PositionFilter = ((position: number) => boolean) | null;

/** A predicate on listing positions for the given filters, or null when there is nothing to filter. */
export function positionFilter(kindRegions: Uint8Array, filters: Filters): PositionFilter {
  const kind = filters.kind === undefined ? -1 : KINDS.indexOf(filters.kind);
  const bit = filters.region === undefined ? 0 : regionBit(filters.region) << 4;
  if (kind < 0 && bit === 0) return null;
  return (i) => (kind < 0 || (kindRegions[i]! & 0x0f) === kind) && (bit === 0 || (kindRegions[i]! & bit) !== 0);
}

/** Whether a listing byte passes the filters. */
function passes(byte: number, kind: number, bit: number): boolean {
  return (kind < 0 || (byte & 0x0f) === kind) && (bit === 0 || ((byte >> 4) & bit) !== 0);
}

/** How many records of a histogram (count per listing byte) pass the filters. */
export function histogramTotal(histogram: Int32Array, filters: Filters): number {
  const kind = filters.kind === undefined ? -1 : KINDS.indexOf(filters.kind);
  const bit = filters.region === undefined ? 0 : regionBit(filters.region);
  let total = 0;
  for (let byte = 0; byte < 256; byte++) if (histogram[byte]! > 0 && passes(byte, kind, bit)) total += histogram[byte]!;
  return total;
}

/** The facet counts of a histogram: per kind with the region filter only, per region with the kind filter only. */
export function facetsOf(histogram: Int32Array, filters: Filters) {
  const kinds = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const regions = Object.fromEntries(REGIONS.map((r) => [r, 0])) as Record<Region, number>;
  const wantKind = filters.kind === undefined ? -1 : KINDS.indexOf(filters.kind);
  const wantRegion = filters.region === undefined ? 0 : regionBit(filters.region);
  for (let byte = 0; byte < 256; byte++) {
    const n = histogram[byte]!;
    if (n === 0) continue;
    if (passes(byte, -1, wantRegion)) kinds[KINDS[byte & 0x0f]!] += n;
    if (passes(byte, wantKind, 0)) for (const r of REGIONS) if ((byte >> 4) & regionBit(r)) regions[r] += n;
  }
  return { kinds, regions };
}
