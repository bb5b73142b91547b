import { beforeAll, describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/lib/records/build-corpus.ts';
import type { SearchEngine } from '../../src/lib/search/query/search-engine.ts';
import { relaxedFill } from '../../src/lib/search/assist/relaxed.ts';
import { engineFor } from '../support/search.ts';
import { numberedFacts } from '../support/records.ts';

const record = numberedFacts();

// One record holds "remplacer permis perdu"; three hold "permis perdu" only; one holds "remplacer" only, so that
// leaving out "perdu" or "permis" adds nothing and leaving out "remplacer" adds three records.
const corpus = buildCorpus(
  [
    record('Remplacer un permis perdu', 'À la commune.'),
    record('Permis perdu ou volé', 'Déclarez la perte.'),
    record('Permis perdu à l’étranger', 'Au consulat.'),
    record('Perdu son permis', 'Un duplicata.'),
    record('Remplacer une plaque', 'À la DIV.'),
    record('Autre chose', 'Rien.'),
  ],
  'https://x.example',
);
let engine: SearchEngine;
beforeAll(async () => {
  engine = await engineFor(corpus);
});

describe('relaxed fill (the search page below a short list of exact matches)', () => {
  it('adds the best relaxed query’s records not already shown, naming the word left out', async () => {
    const exact = await engine.search({ q: 'remplacer permis perdu', limit: 20, offset: 0 });
    expect(exact.total).toBe(1);
    const fill = await relaxedFill(engine, { q: 'remplacer permis perdu' }, exact.ids, 20 - exact.ids.length);
    expect(fill?.suggestion.missing).toEqual(['remplacer']);
    const relaxed = await engine.search({ q: fill!.suggestion.q, limit: 20, offset: 0 });
    expect(fill!.cards.map((c) => c.id)).toEqual(relaxed.ids.filter((id) => !exact.ids.includes(id)));
    expect(fill!.cards.map((c) => c.id)).not.toContain(exact.ids[0]);
  });

  it('ranks shortenings by the best record they add to the exact matches, not by the exact match they all keep', async () => {
    const [first] = await engine.suggest({ q: 'remplacer permis perdu' });
    expect(first?.missing).toEqual(['remplacer']);
  });

  it('adds at most the room left on the page', async () => {
    const exact = await engine.search({ q: 'remplacer permis perdu', limit: 20, offset: 0 });
    const fill = await relaxedFill(engine, { q: 'remplacer permis perdu' }, exact.ids, 1);
    expect(fill!.cards).toHaveLength(1);
  });

  it('adds nothing without room, without a query, or for a one-word query (nothing to leave out)', async () => {
    expect(await relaxedFill(engine, { q: 'remplacer permis perdu' }, [], 0)).toBeUndefined();
    expect(await relaxedFill(engine, { q: undefined }, [], 10)).toBeUndefined();
    const exact = await engine.search({ q: 'perdu', limit: 20, offset: 0 });
    expect(await relaxedFill(engine, { q: 'perdu' }, exact.ids, 20 - exact.ids.length)).toBeUndefined();
  });

  it('only uses a suggestion that leaves words out (a spelling correction is not a relaxed query)', async () => {
    const fill = await relaxedFill(engine, { q: 'remplacer permis perdu' }, [], 10, [
      { q: 'remplacer permis perdu', total: 1 },
    ]);
    expect(fill).toBeUndefined();
  });

  it('completes the open last word in a relaxed query that keeps it, as the page’s own search does', async () => {
    // « remplacer permis perd »: « perd » is the word being typed; the relaxed query « permis perd » keeps it.
    const offered = [{ q: 'permis perd', total: 3, missing: ['remplacer'], confident: true }];
    const fill = await relaxedFill(engine, { q: 'remplacer permis perd', prefix: true }, [], 10, offered);
    const completed = await engine.search({ q: 'permis perd', limit: 10, offset: 0, prefix: true });
    expect(completed.total).toBe(4);
    expect(fill!.cards.map((c) => c.id)).toEqual(completed.ids);
    // Without the open word (the API, ?exact=1), « perd » is searched whole: no record holds it.
    expect(await relaxedFill(engine, { q: 'remplacer permis perd' }, [], 10, offered)).toBeUndefined();
  });
});
