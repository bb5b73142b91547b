/** Build-time: the search artefacts, computed once and written by the /search/* endpoints. */
import { getFacts } from './facts.ts';
import { buildIndex } from '../lib/search/build-index.ts';
import { toSearchDocument } from '../lib/search/search-options.ts';
import { chunkPath, splitIndex } from '../lib/search/index-files.ts';
import { buildListing } from '../lib/search/listing.ts';
import { buildCards } from '../lib/search/cards.ts';
import type { SearchManifest } from '../lib/search/manifest.ts';
import { buildManifest } from '../lib/search/manifest-build.ts';

/** Everything under /search/. */
export interface SearchArtefacts {
  head: string;
  chunks: string[];
  listing: string;
  cards: string;
  manifest: SearchManifest;
}

let cached: Promise<SearchArtefacts> | undefined;

/** Builds the index, listing, cards and manifest once per build. */
export function getSearchArtefacts(): Promise<SearchArtefacts> {
  cached ??= getFacts().then((facts) => {
    const { head, chunks } = splitIndex(buildIndex(facts.map(toSearchDocument)));
    const listing = JSON.stringify(buildListing(facts));
    const cards = JSON.stringify(buildCards(facts));
    const files: Record<string, string> = { 'index.json': head, 'listing.json': listing, 'cards.json': cards };
    chunks.forEach((chunk, n) => (files[chunkPath(n).replace('search/', '')] = chunk));
    return { head, chunks, listing, cards, manifest: buildManifest(facts.length, files) };
  });
  return cached;
}
