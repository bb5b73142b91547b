/** The compact list of every record's id, kind and regions, sorted by id: listing order and filters. */
import { KINDS, REGIONS, type Kind, type Region } from '../schema/vocabulary.ts';
import type { Fact } from '../schema/fact.ts';

/** Serialised listing: parallel arrays, a kind index and a region bitmask per record. */
export interface Listing {
  ids: string[];
  kinds: number[];
  regions: number[];
}

/** Bit of a region in a listing bitmask. */
export function regionBit(region: Region): number {
  return 1 << REGIONS.indexOf(region);
}

/** Builds the listing from records (any order); ids come out sorted ascending. */
export function buildListing(facts: readonly Fact[]): Listing {
  const sorted = [...facts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    ids: sorted.map((f) => f.id),
    kinds: sorted.map((f) => KINDS.indexOf(f.kind)),
    regions: sorted.map((f) => f.regions.reduce((mask, r) => mask | regionBit(r), 0)),
  };
}

/** Filters for a listing or a search. */
export interface Filters {
  kind?: Kind | undefined;
  region?: Region | undefined;
}

/** A predicate on listing positions for the given filters, or null when there is nothing to filter. */
export function positionFilter(listing: Listing, filters: Filters): ((position: number) => boolean) | null {
  const kind = filters.kind === undefined ? -1 : KINDS.indexOf(filters.kind);
  const bit = filters.region === undefined ? 0 : regionBit(filters.region);
  if (kind < 0 && bit === 0) return null;
  return (i) => (kind < 0 || listing.kinds[i] === kind) && (bit === 0 || (listing.regions[i]! & bit) !== 0);
}
