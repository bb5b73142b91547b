import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/lib/records/build-corpus.ts';
import type { SearchEngine } from '../../src/lib/search/query/search-engine.ts';
import {
  blendFirstPage,
  exactOffset,
  mergeByScore,
  MISSING_POWER,
  pageCount,
  type Scored,
} from '../../src/lib/search/assist/blend.ts';
import { engineFor } from '../support/search.ts';
import { numberedFacts } from '../support/records.ts';

const record = numberedFacts();

// "Validité du permis" answers "durée validité permis" without the word "durée"; the exact matches mention all three
// words in passing, in long texts. Filler records make the words rare enough to score.
const filler = Array.from({ length: 30 }, (_, i) => record(`Autre sujet ${i}`, `Rien à voir, numéro ${i}.`));
const corpus = buildCorpus(
  [
    record(
      'Validité du permis',
      'Le permis de conduire est valable dix ans. Validité du permis : dix ans, puis renouvellement.',
    ),
    record(
      'Assurance et voiture',
      `Un long texte sur l’assurance ${'et la voiture '.repeat(40)} qui dit une fois la durée de validité du permis.`,
    ),
    record(
      'Carte grise',
      `Un long texte sur la carte grise ${'et son coût '.repeat(40)} qui cite la durée, la validité et le permis.`,
    ),
    record('Permis perdu', 'Déclarez la perte du permis à la commune.'),
    record('Durée des cours', 'La durée des cours de conduite.'),
    ...filler,
  ],
  'https://x.example',
);
let engine: SearchEngine;
beforeAll(async () => {
  engine = await engineFor(corpus);
});

const ids = (cards: { id: string }[]) => cards.map((c) => c.id);
/** Whether the record `id` holds `word` in some form: the one-word query finds it. */
const holds = async (id: string, word: string) =>
  (await engine.search({ q: word, limit: 1000, offset: 0 })).ids.includes(id);

/** Every page of a blended search: the first page's items, then the exact matches from exactOffset. */
async function walk(
  q: string,
  limit: number,
): Promise<{ pages: string[][]; exact: string[]; missing: Map<string, string[]> }> {
  const first = await engine.search({ q, limit, offset: 0 });
  const all = await engine.search({ q, limit: 1000, offset: 0 });
  const blend = await blendFirstPage(engine, { q }, first, limit);
  const missing = new Map<string, string[]>();
  for (const item of blend?.items ?? []) if (item.missing) missing.set(item.card.id, item.missing);
  // Without a blend, the first page lists `limit` exact matches: the same walk with exactShown = the page's length.
  const shown = blend ? blend.exactShown : first.ids.length;
  const pages = [blend ? blend.items.map((i) => i.card.id) : first.ids];
  for (let page = 2; page <= pageCount(first.total, shown, limit); page++) {
    pages.push((await engine.search({ q, limit, offset: exactOffset(page, shown, limit) })).ids);
  }
  return { pages, exact: all.ids, missing };
}

describe('blending records that lack a word into the first page (blend.ts)', () => {
  it('puts a record lacking one word among the exact matches by score, labelled with the word', async () => {
    const exact = await engine.search({ q: 'durée validité permis', limit: 20, offset: 0 });
    expect(exact.total).toBe(2);
    const answer = corpus.find((r) => r.title === 'Validité du permis')!.id;
    expect(exact.ids).not.toContain(answer);
    const blend = await blendFirstPage(engine, { q: 'durée validité permis' }, exact, 20);
    const at = blend!.items.findIndex((i) => i.card.id === answer);
    // It beats the exact matches that only mention the words in a long text: first, not appended after them.
    expect(at).toBe(0);
    expect(blend!.items[at]!.missing).toEqual(['durée']);
    expect(blend!.exactShown).toBe(2);
    // The exact matches keep the API's order.
    expect(ids(blend!.items.filter((i) => !i.missing).map((i) => i.card))).toEqual(exact.ids);
  });

  it('penalises a blended record by the share of the query it holds: with a large enough power, it goes below', async () => {
    const exact = await engine.search({ q: 'durée validité permis', limit: 20, offset: 0 });
    const blend = await blendFirstPage(engine, { q: 'durée validité permis' }, exact, 20, 40);
    expect(blend!.items.slice(0, 2).every((i) => !i.missing)).toBe(true);
    expect(MISSING_POWER).toBeGreaterThan(0);
  });

  it('leaves a one-word query, a query without matches and an empty query unchanged', async () => {
    for (const q of ['permis', 'validité', 'introuvable mot']) {
      const page = await engine.search({ q, limit: 20, offset: 0 });
      expect(await blendFirstPage(engine, { q }, page, 20)).toBeUndefined();
    }
    expect(
      await blendFirstPage(engine, { q: undefined }, await engine.search({ limit: 20, offset: 0 }), 20),
    ).toBeUndefined();
  });

  it('scores an exact match as the engine ranks it: the exact scores follow the API order', async () => {
    const page = await engine.partial({ q: 'durée validité permis' }, 'validité permis', 20);
    expect(page.exactScores).toHaveLength(2);
    expect(ids(await engine.cards(page.exact))).toEqual(
      (await engine.search({ q: 'durée validité permis', limit: 20, offset: 0 })).ids,
    );
    expect(page.exactScores[0]).toBeGreaterThanOrEqual(page.exactScores[1]!);
    expect(page.lacking.every((l) => l === 1)).toBe(true);
    expect(page.slots).toBe(3);
  });

  it('every exact match appears once across the pages, and no blended record is an exact match (fast-check)', async () => {
    const words = ['durée', 'validité', 'permis', 'cours', 'conduite', 'dix', 'ans', 'texte', 'commune', 'voiture'];
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...words), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 6 }),
        async (chosen, limit) => {
          const q = chosen.join(' ');
          const { pages, exact, missing } = await walk(q, limit);
          const exactSeen = pages.flat().filter((id) => !missing.has(id));
          expect(exactSeen).toEqual(exact);
          for (const id of missing.keys()) expect(exact).not.toContain(id);
          expect(pages.every((p) => p.length <= limit)).toBe(true);
          expect(new Set(pages.flat()).size).toBe(pages.flat().length);
          if (chosen.length === 1) expect(missing.size).toBe(0);
          // A blended record lacks one word, and its label names it.
          for (const [id, lacked] of missing) {
            expect(lacked).toHaveLength(1);
            for (const word of chosen)
              expect(lacked.includes(word), `${id} « ${word} » in « ${q} »`).toBe(!(await holds(id, word)));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('mergeByScore, exactOffset and pageCount', () => {
  const scored = (prefix: string, scores: number[], from = 0): Scored<string>[] =>
    scores.map((score, i) => ({ item: `${prefix}${i}`, at: from + i, score }));

  it('keeps the exact list in its order, inserts the other by score, ties by id', () => {
    const merged = mergeByScore(scored('e', [10, 5, 1], 10), scored('p', [7, 5, 0.5]), 5);
    expect(merged.map((m) => m.item)).toEqual(['e0', 'p0', 'p1', 'e1', 'e2']);
    expect(mergeByScore(scored('b', [5], 7), scored('a', [5], 3), 2).map((m) => m.item)).toEqual(['a0', 'b0']);
  });

  it('walks every exact match once over pages of any size (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { maxLength: 40 }),
        fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { maxLength: 30 }),
        fc.integer({ min: 1, max: 12 }),
        (e, p, limit) => {
          const exact = scored(
            'e',
            [...e].sort((a, b) => b - a),
          );
          const partial = scored(
            'p',
            [...p].sort((a, b) => b - a),
            100,
          );
          const first = mergeByScore(exact, partial, limit);
          const shown = first.filter((m) => m.exact).length;
          const later: string[] = [];
          for (let page = 2; page <= pageCount(exact.length, shown, limit); page++) {
            const from = exactOffset(page, shown, limit);
            later.push(...exact.slice(from, from + limit).map((x) => x.item));
          }
          expect([...first.filter((m) => m.exact).map((m) => m.item), ...later]).toEqual(exact.map((x) => x.item));
          expect(first.length).toBe(Math.min(limit, exact.length + partial.length));
        },
      ),
    );
  });
});
