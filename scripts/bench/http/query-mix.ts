/**
 * A realistic search mix for the load test: many distinct queries made of the corpus's own words, so that
 * caches miss. Words of one query come from one record (so most queries match something, as typed queries do);
 * one query in ten borrows a word from another record, and may match nothing.
 */
import { factsKey } from '../../../src/lib/api/reply-cache.ts';
import type { Fact } from '../../../src/lib/schema/fact.ts';
import { KINDS, REGIONS } from '../../../src/lib/schema/vocabulary.ts';
import { processTerm, tokenize, type FactsQuery } from '../../../src/lib/search/index.ts';
import { seededRandom } from '../../../src/lib/synthetic/random.ts';

/** The /api/v1/facts path of a query, po_live=1 included. */
export function factsPath(query: FactsQuery): string {
  const params = new URLSearchParams({ po_live: '1' });
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  return `/api/v1/facts?${params}`;
}

/** Up to `count` queries, all distinct once normalised (no two share a cache entry), limit 10. */
export function queryMix(records: Fact[], count: number, seed = 7): FactsQuery[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  // Each record's significant words as people type them (accents kept), four letters or more once folded.
  const words = records
    .map((record) => [
      ...new Set(tokenize(`${record.title} ${record.text}`).filter((w) => (processTerm(w)?.length ?? 0) >= 4)),
    ])
    .filter((list) => list.length > 0);
  const seen = new Set<string>();
  const queries: FactsQuery[] = [];
  for (let attempt = 0; queries.length < count && attempt < count * 20; attempt++) {
    const own = pick(words);
    const size = random() < 0.5 ? 1 : random() < 0.7 ? 2 : 3;
    const terms = Array.from({ length: size }, (_, i) => (i > 0 && random() < 0.1 ? pick(pick(words)) : pick(own)));
    const query: FactsQuery = {
      q: terms.join(' '),
      kind: random() < 0.15 ? pick(KINDS) : undefined,
      region: random() < 0.15 ? pick(REGIONS) : undefined,
      limit: 10,
      offset: random() < 0.1 ? 10 : 0,
    };
    const key = factsKey(query);
    if (seen.has(key)) continue;
    seen.add(key);
    queries.push(query);
  }
  return queries;
}
