import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/lib/records/build-corpus.ts';
import type { SearchEngine } from '../../src/lib/search/query/search-engine.ts';
import { partialFill } from '../../src/lib/search/assist/partial-fill.ts';
import { shownIds, sitePage, type Question } from '../../src/lib/search/assist/site-page.ts';
import { MAX_DROP_TRIES, subsets } from '../../src/lib/search/assist/suggest.ts';
import { engineFor } from '../support/search.ts';
import { compileSynonyms, parseSynonyms } from '../../src/lib/search/index/synonyms-file.ts';
import { numberedFacts } from '../support/records.ts';

const record = numberedFacts();

// No record holds all four words of « amende stationnement trottoir vélo »; one holds three, two hold two, three
// hold one; fillers make the words rare enough to score.
const corpus = buildCorpus(
  [
    record('Stationnement sur le trottoir', 'Une amende pour le stationnement sur le trottoir.'),
    record('Stationnement payant', 'Une amende si le ticket manque.'),
    record('Le trottoir et le vélo', 'Le vélo roule sur le trottoir à certaines conditions.'),
    record('Amendes', 'Le montant des amendes.'),
    record('Vélo électrique', 'Les règles du vélo électrique.'),
    record('Zone de stationnement', 'Les zones bleues.'),
    ...Array.from({ length: 30 }, (_, i) => record(`Autre sujet ${i}`, `Rien à voir, numéro ${i}.`)),
  ],
  'https://x.example',
);
const title = (id: string) => corpus.find((r) => r.id === id)!.title;
let engine: SearchEngine;
beforeAll(async () => {
  engine = await engineFor(corpus);
});
const Q = 'amende stationnement trottoir vélo';

describe('records holding some of the words, below a short first page (partial-fill.ts)', () => {
  it('lists the records holding some of the words, more of them first, where the API rule finds none', async () => {
    expect((await engine.search({ q: Q, limit: 10, offset: 0 })).total).toBe(0);
    const fill = await partialFill(engine, { q: Q }, [], 10);
    const titles = fill!.cards.map((c) => title(c.id));
    expect(titles[0]).toBe('Stationnement sur le trottoir');
    expect(new Set(titles.slice(1, 3))).toEqual(new Set(['Stationnement payant', 'Le trottoir et le vélo']));
    expect(new Set(titles.slice(3))).toEqual(new Set(['Amendes', 'Vélo électrique', 'Zone de stationnement']));
    expect(fill!.terms).toEqual(expect.arrayContaining(['amend', 'velo']));
  });

  it('leaves out the records already shown and adds at most the room left', async () => {
    const all = (await partialFill(engine, { q: Q }, [], 10))!.cards.map((c) => c.id);
    const fill = await partialFill(engine, { q: Q }, [all[0]!], 2);
    expect(fill!.cards.map((c) => c.id)).toEqual(all.slice(1, 3));
  });

  it('keeps the filters', async () => {
    const fill = await partialFill(engine, { q: Q, kind: 'article' }, [], 10);
    expect(fill).toBeUndefined();
  });

  it('adds nothing without room, without a query, or for fewer than three words (the blend has records lacking one)', async () => {
    expect(await partialFill(engine, { q: Q }, [], 0)).toBeUndefined();
    expect(await partialFill(engine, { q: undefined }, [], 10)).toBeUndefined();
    expect(await partialFill(engine, { q: 'amende vélo' }, [], 10)).toBeUndefined();
    expect(await partialFill(engine, { q: 'comment le vélo et la amende' }, [], 10)).toBeUndefined();
  });

  it(`evaluates at most MAX_DROP_TRIES (${MAX_DROP_TRIES}) shorter queries, however long the question`, async () => {
    let calls = 0;
    const counting = {
      ...engine,
      partial: (...args: Parameters<SearchEngine['partial']>) => (calls++, engine.partial(...args)),
    };
    const long = 'amende stationnement trottoir vélo zone payant ticket montant règles électrique bleue';
    await partialFill(counting, { q: long }, [], 10_000);
    expect(calls).toBe(MAX_DROP_TRIES);
  });
});

describe('which shorter queries the fill spends its tries on (partial-fill.ts)', () => {
  // Four rare words, each held by one record of its own (no record holds two of them), and three common words that
  // many records hold together: the only records holding four of the seven words hold the three common ones.
  const rare = ['aubépine', 'bergamote', 'cardamome', 'dictame'];
  const wide = buildCorpus(
    [
      ...rare.map((word) => record(`La ${word}`, `Une note sur la ${word}, la route, le volant et le permis.`)),
      ...Array.from({ length: 6 }, (_, i) => record(`Permis et route ${i}`, `Le permis, la route et le volant ${i}.`)),
      ...Array.from({ length: 30 }, (_, i) => record(`Autre sujet ${i}`, `Rien à voir, numéro ${i}.`)),
    ],
    'https://x.example',
  );
  let wideEngine: SearchEngine;
  beforeAll(async () => {
    wideEngine = await engineFor(wide);
  });
  const spying = (seen: string[]) => ({
    ...wideEngine,
    partial: (...args: Parameters<SearchEngine['partial']>) => (seen.push(args[1]), wideEngine.partial(...args)),
  });

  it('reaches the records holding the common words when the rare ones are typed first and no record holds two of them', async () => {
    const q = `${rare.join(' ')} permis route volant`;
    expect((await wideEngine.search({ q, limit: 10, offset: 0 })).total).toBe(0);
    // In typed order, the 21 queries of five words and the first 19 of four each keep two rare words: none finds a
    // record, and the tries run out before « aubépine permis route volant ».
    const fill = await partialFill(wideEngine, { q }, [], 10);
    const titles = fill!.cards.map((c) => wide.find((r) => r.id === c.id)!.title);
    expect(titles.sort()).toEqual(rare.map((word) => `La ${word}`).sort());
  });

  it('keeps a word that no record holds out of every shorter query it tries', async () => {
    const seen: string[] = [];
    const q = 'permis route volant xylographe';
    const fill = await partialFill(spying(seen), { q }, [], 10);
    expect(seen.length).toBeGreaterThan(0);
    for (const shorter of seen) expect(shorter).not.toContain('xylographe');
    expect(fill!.cards.length).toBeGreaterThan(0);
  });

  it('keeps the words of a phrase of the synonyms file together, though neither finds anything alone', async () => {
    // « driving licence » is « permis » (a phrase slot); « exchange » and « foreign » no record holds: no record lacks
    // only one word, and before, « driving » and « licence » counted as words no record holds, so the page stayed empty.
    const facts = buildCorpus(
      [
        record('Échanger son permis', 'Le permis étranger et son échange.'),
        record('Le permis à points', 'Un permis sans points en Belgique.'),
        ...Array.from({ length: 20 }, (_, i) => record(`Autre sujet ${i}`, `Rien à voir, numéro ${i}.`)),
      ],
      'https://x.example',
    );
    const phrase = await engineFor(facts, {
      build: { synonyms: compileSynonyms(parseSynonyms('- from: driving licence\n  to: permis\n', 'synonyms.yaml')) },
    });
    const q = 'exchange foreign driving licence';
    expect(phrase.slotWords(q)).toEqual([['exchange'], ['foreign'], ['driving', 'licence']]);
    const fill = await partialFill(phrase, { q }, [], 10);
    expect(fill!.cards.map((c) => c.title).sort()).toEqual(['Le permis à points', 'Échanger son permis']);
  });

  it('keeps a word that no record holds with the filters out too', async () => {
    const seen: string[] = [];
    await partialFill(spying(seen), { q: 'permis route volant aubépine', kind: 'article' }, [], 10);
    for (const shorter of seen) expect(shorter).not.toContain('aubépine');
  });
});

describe('the search page ends a short first page with them (site-page.ts)', () => {
  const ask = (question: Partial<Question>): Question => ({
    q: Q,
    kind: undefined,
    region: undefined,
    limit: 20,
    offset: 0,
    exact: false,
    ...question,
  });

  it('below everything else, each record once', async () => {
    const page = await sitePage(engine, ask({}));
    const partly = page.partly!.cards.map((c) => c.id);
    expect(partly.length).toBeGreaterThan(0);
    const ids = shownIds(page);
    expect(ids.slice(-partly.length)).toEqual(partly);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeLessThanOrEqual(20);
  });

  it('never for ?exact=1 (the API’s answer only), nor on a later page', async () => {
    expect((await sitePage(engine, ask({ exact: true }))).partly).toBeUndefined();
    expect((await sitePage(engine, ask({ offset: 20 }))).partly).toBeUndefined();
  });

  it('not when the first page is full', async () => {
    expect((await sitePage(engine, ask({ q: 'autre sujet rien', limit: 5 }))).partly).toBeUndefined();
  });
});

describe('subsets (suggest.ts), which the shortenings and the fill walk', () => {
  it('yields every subset of a size once, each in the items’ order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 9 }), (length, size) => {
        const all = [...subsets(length, size)];
        const choose = (a: number, b: number): number =>
          b < 0 || b > a ? 0 : b === 0 ? 1 : (choose(a - 1, b - 1) * a) / b;
        expect(all).toHaveLength(choose(length, size));
        expect(new Set(all.map((s) => s.join()))).toHaveProperty('size', all.length);
        for (const s of all) expect(s).toEqual([...s].sort((a, b) => a - b));
      }),
    );
  });
});
