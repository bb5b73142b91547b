/**
 * Browser: the search backend, loaded once on first use of a search box. Local mode downloads the
 * index and runs the shared engine; API mode (corpora past the download budget) asks /api/v1/facts.
 * Both give the API's records in the API's order.
 */
import type { Facets } from '../lib/search/search-engine.ts';
import { createSearchEngine } from '../lib/search/search-engine.ts';
import { loadIndex } from '../lib/search/index-files.ts';
import type { Listing } from '../lib/search/listing.ts';
import type { Cards } from '../lib/search/cards.ts';
import type { SearchManifest } from '../lib/search/manifest.ts';
import { summarize } from '../lib/records/summarize.ts';
import { KINDS, REGIONS, type Kind, type Region } from '../lib/schema/vocabulary.ts';
import type { Fact } from '../lib/schema/fact.ts';

/** One result as the page shows it. */
export interface ResultCard {
  id: string;
  title: string;
  excerpt: string;
  kind: Kind;
  regions: Region[];
}

/** A page of results; facets only where the backend can count them cheaply (local mode). */
export interface ResultPage {
  cards: ResultCard[];
  total: number;
  facets?: Facets & { allKinds: number; allRegions: number };
}

/** A question the page asks. */
export interface Question {
  q: string | undefined;
  kind: Kind | undefined;
  region: Region | undefined;
  limit: number;
  offset: number;
}

/** A loaded search backend. */
export interface SearchBackend {
  mode: SearchManifest['mode'];
  run(question: Question): Promise<ResultPage>;
}

async function fetchText(path: string): Promise<string> {
  const response = await fetch(path, { credentials: 'omit', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.text();
}

async function localBackend(): Promise<SearchBackend> {
  const [head, listingText, cardsText] = await Promise.all([fetchText('/search/index.json'), fetchText('/search/listing.json'), fetchText('/search/cards.json')]);
  const listing = JSON.parse(listingText) as Listing;
  const cards = JSON.parse(cardsText) as Cards;
  const engine = createSearchEngine(await loadIndex(head, (n) => fetchText(`/search/index-${n}.json`)), listing);
  const position = new Map(listing.ids.map((id, i) => [id, i]));
  return {
    mode: 'local',
    async run({ q, kind, region, limit, offset }) {
      const page = engine.search({ q, kind, region, limit, offset });
      const facets = engine.facets({ q, kind, region });
      return {
        total: page.total,
        facets: {
          ...facets,
          allKinds: engine.search({ q, region, limit: 0, offset: 0 }).total,
          allRegions: engine.search({ q, kind, limit: 0, offset: 0 }).total,
        },
        cards: page.ids.map((id) => {
          const at = position.get(id)!;
          const [title, excerpt] = cards[at]!;
          return { id, title, excerpt, kind: KINDS[listing.kinds[at]!]!, regions: REGIONS.filter((_, i) => listing.regions[at]! & (1 << i)) };
        }),
      };
    },
  };
}

function apiBackend(): SearchBackend {
  return {
    mode: 'api',
    async run({ q, kind, region, limit, offset }) {
      const params = new URLSearchParams({ po_live: '1', limit: String(limit), offset: String(offset) });
      if (q?.trim()) params.set('q', q);
      if (kind) params.set('kind', kind);
      if (region) params.set('region', region);
      const body = JSON.parse(await fetchText(`/api/v1/facts?${params}`)) as { results: Fact[]; total: number };
      return {
        total: body.total,
        cards: body.results.map((f) => ({ id: f.id, title: f.title, excerpt: summarize(f.text), kind: f.kind, regions: f.regions })),
      };
    },
  };
}

let pending: Promise<SearchBackend> | undefined;

/** Starts loading (once) and resolves with the backend; a failure can be retried. */
export function prefetchSearchData(): Promise<SearchBackend> {
  pending ??= fetchText('/search/manifest.json').then((text) => ((JSON.parse(text) as SearchManifest).mode === 'api' ? apiBackend() : localBackend()));
  pending.catch(() => (pending = undefined));
  return pending;
}
