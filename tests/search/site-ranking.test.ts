import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/lib/records/build-corpus.ts';
import { createApiHandler } from '../../src/lib/api/handler.ts';
import { readDist } from '../../src/adapters/builds/read-dist.ts';
import { shardFileMap, buildShards } from '../../src/lib/search/index/shard-build.ts';
import { compileSynonyms, parseSynonyms } from '../../src/lib/search/index/synonyms-file.ts';
import { openSearchEngine, type SearchEngine } from '../../src/lib/search/query/search-engine.ts';
import { correctedWords, sitePage, shownIds, type Question } from '../../src/lib/search/assist/site-page.ts';
import { RANK_WEIGHTS } from '../../src/lib/search/score/rank-weights.ts';
import { PREFIX_WEIGHT } from '../../src/lib/search/query/prefix.ts';
import { SYNONYM_WEIGHT } from '../../src/lib/search/query/synonyms.ts';
import { MISSING_POWER, penalisedScore } from '../../src/lib/search/assist/blend.ts';
import { testSettings } from '../support/test-build.ts';
import { builtEngine } from '../support/search.ts';
import { numberedFacts } from '../support/records.ts';

const record = numberedFacts();

/** An engine over records with a synonyms file. */
async function engineOf(
  records: ReturnType<typeof record>[],
  yaml = '[]\n',
): Promise<{ engine: SearchEngine; ids: string[] }> {
  const facts = buildCorpus(records, 'https://x.example');
  const files = shardFileMap(buildShards(facts, { synonyms: compileSynonyms(parseSynonyms(yaml, 'synonyms.yaml')) }));
  // The records' ids in the order given (buildCorpus sorts them by id).
  return {
    engine: await openSearchEngine(async (path) => files.get(path) ?? null),
    ids: records.map((r) => r.frontmatter.id),
  };
}

const ask = (q: string, offset = 0): Question => ({
  q,
  kind: undefined,
  region: undefined,
  limit: 20,
  offset,
  exact: false,
});
const filler = Array.from({ length: 30 }, (_, i) => record(`Autre sujet ${i}`, `Rien à voir, numéro ${i}.`));

describe('one ranking for every way a word matches (site-page.ts, blend.ts, rank-weights.ts)', () => {
  it('takes every variant weight from the one documented const', () => {
    expect(PREFIX_WEIGHT).toBe(RANK_WEIGHTS.prefix);
    expect(SYNONYM_WEIGHT).toBe(RANK_WEIGHTS.synonym);
    expect(MISSING_POWER).toBe(RANK_WEIGHTS.missingPower);
    expect(RANK_WEIGHTS.exact).toBe(RANK_WEIGHTS.stem);
    for (const weight of [RANK_WEIGHTS.prefix, RANK_WEIGHTS.synonym, RANK_WEIGHTS.correction])
      expect(weight).toBeLessThanOrEqual(RANK_WEIGHTS.exact);
  });

  it('does not complete a last word that records hold through its stem, nor a word of the synonyms file', async () => {
    const { engine } = await engineOf(
      [record('Les provinces', 'Les provinces et la route.'), record('Cyclomoteur', 'Un cyclomoteur.'), ...filler],
      '- from: mobylette\n  to: cyclomoteur\n',
    );
    // "province" is no written form of the index ("provinces" is), but its stem is held: searched as typed.
    expect(await engine.openLastWord('route province')).toBe(false);
    expect(await engine.openLastWord('route provin')).toBe(true);
    expect(await engine.openLastWord('mobylette')).toBe(false);
  });

  it('counts a word present through a synonym: such a record is an exact match, never labelled as lacking it', async () => {
    const { engine, ids } = await engineOf(
      [
        record('Cyclomoteur : casque', 'Le casque est obligatoire sur un cyclomoteur.'),
        record('Casque de vélo', 'Le casque à vélo.'),
        ...filler,
      ],
      '- from: mobylette\n  to: cyclomoteur\n',
    );
    const page = await sitePage(engine, ask('casque mobylette'));
    expect(page.total).toBe(1);
    expect(shownIds(page)[0]).toBe(ids[0]);
    expect(page.blend?.find((item) => item.card.id === ids[0])?.missing).toBeUndefined();
    expect(page.blend?.find((item) => item.card.id === ids[1])?.missing).toEqual(['mobylette']);
  });

  it('blends records lacking a word among the completions of a cut last word, on one score', async () => {
    const { engine, ids } = await engineOf([
      record('Examen théorique', 'Réussir l’examen théorique du permis.'),
      record('Examen pratique', 'L’examen pratique du permis.'),
      record('Théorie du code', 'La théorie du code de la route, sans examen.'.replace('sans examen', 'les panneaux')),
      ...filler,
    ]);
    expect(await engine.openLastWord('examen théo')).toBe(true);
    const page = await sitePage(engine, ask('examen théo'));
    // The record holding both words (the last one completed) first; then those lacking one word, labelled.
    expect(shownIds(page)[0]).toBe(ids[0]);
    const lacking = new Map(page.blend!.filter((item) => item.missing).map((item) => [item.card.id, item.missing]));
    expect(lacking.get(ids[1]!)).toEqual(['théo']);
    expect(lacking.get(ids[2]!)).toEqual(['examen']);
    expect(page.exactShown).toBe(1);
  });

  it('completes a complete last word that may grow to fill a short page, the exact matches keeping the API order', async () => {
    const { engine, ids } = await engineOf([
      record('Théo passe son examen', 'Théo, candidat, passe son examen à Liège.'),
      record('Théo et l’examen pratique', 'Théo réussit l’examen pratique.'),
      record('Examen théorique', 'Réussir l’examen théorique du permis : 50 questions.'),
      record('Théorie du code', 'La théorie du code de la route, les panneaux.'),
      ...filler,
    ]);
    // « théo » is a word that records hold: the address keeps it as typed…
    expect(await engine.openLastWord('examen théo')).toBe(false);
    const api = await engine.search({ q: 'examen théo', limit: 20, offset: 0 });
    expect(new Set(api.ids)).toEqual(new Set([ids[0], ids[1]]));
    const page = await sitePage(engine, ask('examen théo'));
    const shown = shownIds(page);
    // …and the page, short of a page, also lists the record holding « examen » and a word starting with « théo ».
    expect(shown).toContain(ids[2]);
    const completed = page.blend!.find((item) => item.card.id === ids[2])!;
    expect(completed.missing).toBeUndefined();
    expect(completed.completed).toBe(true);
    expect(page.blend!.filter((item) => !item.completed && !item.missing).map((item) => item.card.id)).toEqual(
      api.ids.slice(0, page.exactShown),
    );
    // The exact matches keep the API's order among themselves.
    expect(shown.filter((id) => api.ids.includes(id))).toEqual(api.ids);
    expect(page.exactShown).toBe(2);
    // A full page of exact matches is left as the API orders it: no completion is looked for.
    const full = await sitePage(engine, { ...ask('examen théo'), limit: 2 });
    expect(shownIds(full)).toEqual(api.ids);
  });

  it('completes a complete last word before any shortening when the query finds nothing with it as typed', async () => {
    const { engine, ids } = await engineOf([
      record('Excès de vitesse', 'Un excès de vitesse coûte une amende.'),
      record('Où il vit', 'Il vit à Namur et roule peu.'),
      record('Amende et excès', 'L’amende pour un excès de poids.'),
      ...filler,
    ]);
    // « vit » is a word that records hold, but no record holds it with « amende » and « excès ».
    expect(await engine.openLastWord('amende excès de vit')).toBe(false);
    expect((await engine.search({ q: 'amende excès de vit', limit: 0, offset: 0 })).total).toBe(0);
    const page = await sitePage(engine, ask('amende excès de vit'));
    // Completed (« vitesse »), not shortened to « amende excès »: no suggestion is shown in its place, and the page
    // names the word it completed.
    expect(page.shown).toBeUndefined();
    expect(page.grown).toBe('vit');
    expect(page.total).toBe(1);
    expect(shownIds(page)[0]).toBe(ids[0]);
    // ?exact=1 keeps the word as typed: nothing, and the shortening is offered.
    const exact = await sitePage(engine, { ...ask('amende excès de vit'), exact: true });
    expect(exact.total).toBe(0);
    expect(exact.grown).toBeUndefined();
    // A query that finds records as typed completes nothing.
    expect((await sitePage(engine, ask('excès de vitesse'))).grown).toBeUndefined();
    expect(exact.suggestions.map((s) => s.q)).toContain('amende excès');
  });

  it('never grows a word of the synonyms file, which readers type whole (« pote » into « poteau »)', async () => {
    const { engine } = await engineOf(
      [record('Le poteau', 'Un poteau au bord de la route.'), record('Un ami', 'Un ami conduit.'), ...filler],
      '- from: pote\n  to: ami\n',
    );
    expect(await engine.lastWordGrows('route pote')).toBe(false);
    expect(await engine.lastWordGrows('route pot')).toBe(true);
    // « route pote » finds nothing: records lacking « pote » are listed, each saying so; nothing grows into « poteau ».
    const page = await sitePage(engine, ask('route pote'));
    expect(page.grown).toBeUndefined();
    expect(page.shown).toBeUndefined();
    expect(page.blend?.some((item) => item.missing?.includes('pote'))).toBe(true);
    expect(page.blend?.every((item) => !item.completed)).toBe(true);
    expect((await engine.completions({ q: 'route pote' }, 20)).positions).toEqual([]);
    expect((await engine.suggest({ q: 'route pote' })).map((s) => s.q)).not.toContain('route poteau');
  });

  it('never shows a shortening in place of a query that finds nothing: records lacking any one word compete by one score', async () => {
    // No record holds « rouler » with « quad »; « quad » is the rare word, « rouler » and « permis » common ones.
    const common = Array.from({ length: 12 }, (_, i) =>
      record(`Rouler avec un permis ${i}`, `Rouler avec un permis, cas ${i}.`),
    );
    const { engine, ids } = await engineOf([
      record('Permis pour un quad', 'Le permis pour conduire un quad.'),
      ...common,
      ...filler,
    ]);
    const q = 'un permis pour rouler en quad';
    const page = await sitePage(engine, ask(q));
    expect(page.total).toBe(0);
    expect(page.shown).toBeUndefined();
    // Offered, never applied: the shortenings are suggestions only.
    expect(page.suggestions.length).toBeGreaterThan(0);
    expect(page.suggestions.every((s) => !s.confident)).toBe(true);
    // The record lacking the common word « rouler » outranks those lacking the rare « quad »: one score decides which
    // word is left out, record by record, where the shortening that kept « rouler » used to be shown alone.
    expect(page.blend?.[0]).toMatchObject({ card: { id: ids[0] }, missing: ['rouler'] });
    expect(page.blend?.some((item) => item.missing?.includes('quad'))).toBe(true);
    const scores = await Promise.all(
      ['un permis pour rouler en', 'un permis pour en quad'].map((shorter) => engine.partial({ q }, shorter, 20)),
    );
    const best = scores.map((p) => Math.max(...p.scores.map((_, i) => penalisedScore(p, i))));
    expect(best[1]).toBeGreaterThan(best[0]!);
  });

  it('asks for no completion when the last word cannot grow, and scores completions at the prefix weight', async () => {
    const { engine } = await engineOf([
      record('Examen théorique', 'Réussir l’examen théorique.'),
      record('Théo passe son examen', 'Théo passe son examen.'),
      ...filler,
    ]);
    expect((await engine.completions({ q: 'examen théorique' }, 20)).positions).toEqual([]);
    expect((await engine.completions({ q: 'examen théo ' }, 20)).positions).toEqual([]);
    const grown = await engine.completions({ q: 'examen théo' }, 20);
    expect(grown.positions).toHaveLength(1);
    expect(grown.lacking).toEqual([0]);
    // The same record found by the completed query as typed scores 1/PREFIX_WEIGHT as much on the completed word.
    const typed = await engine.partial({ q: 'examen théorique' }, 'examen', 20);
    expect(grown.scores[0]!).toBeLessThan(typed.exactScores[0]!);
    expect(grown.exactScores).toEqual((await engine.partial({ q: 'examen théo' }, 'examen', 20)).exactScores);
  });

  it('counts a confident correction at RANK_WEIGHTS.correction, and blends in the records lacking a word of it', async () => {
    const { engine, ids } = await engineOf([
      record('Permis provisoire', 'Le permis provisoire.'),
      record('Provisoire', 'Un document provisoire.'),
      ...filler,
    ]);
    const page = await sitePage(engine, ask('permis provisiore'));
    expect(page.shown).toMatchObject({ q: 'permis provisoire', confident: true });
    expect(correctedWords('permis provisiore', 'permis provisoire')).toEqual(['provisoire']);
    expect(shownIds(page)).toEqual([ids[0], ids[1]]);
    expect(page.blend?.[1]?.missing).toEqual(['permis']);
    // The weight is read from the const: a lower one lowers the corrected word's part of the score.
    const weights = RANK_WEIGHTS as { correction: number };
    const saved = weights.correction;
    try {
      weights.correction = 0.5;
      const fresh = (await engineOf([record('Permis provisoire', 'Le permis provisoire.'), ...filler])).engine;
      const plain = await fresh.partial({ q: 'permis provisoire' }, 'permis', 1);
      const lowered = await fresh.partial({ q: 'permis provisoire', corrected: ['provisoire'] }, 'permis', 1);
      expect(lowered.exactScores[0]!).toBeLessThan(plain.exactScores[0]!);
    } finally {
      weights.correction = saved;
    }
  });

  it('shows the records lacking a non-word rather than an empty page when no correction is sure enough to apply', async () => {
    const engine = await builtEngine();
    // amnedde: seven letters, two edits from amende (two edits are applied from eight letters on).
    const page = await sitePage(engine, ask('amnedde permis'));
    expect(page.total).toBe(0);
    expect(page.shown).toBeUndefined();
    expect(page.suggestions.map((s) => s.q)).toContain('amende permis');
    expect(page.blend!.length).toBe(20);
    expect(page.blend!.every((item) => item.missing?.join() === 'amnedde')).toBe(true);
  });

  it('applies a correction two edits away to a word of eight letters or more at once', async () => {
    const engine = await builtEngine();
    const page = await sitePage(engine, ask('dupliquata permis'));
    expect(page.shown?.q).toBe('duplicata permis');
    expect(page.total).toBeGreaterThan(0);
  });

  it('ranks records holding most words of a long everyday query above one holding a single rare word of it', async () => {
    const { engine, ids } = await engineOf([
      record('Rouler sans assurance avec la voiture', 'Rouler sans assurance avec la voiture de papa : une amende.'),
      record('Zwanze', 'Une zwanze bruxelloise.'),
      ...filler,
    ]);
    const shown = shownIds(await sitePage(engine, ask('rouler sans assurance voiture papa zwanze')));
    expect(shown[0]).toBe(ids[0]);
    expect(shown.indexOf(ids[1]!) === -1 || shown.indexOf(ids[1]!) > 0).toBe(true);
  });

  it('keeps the API order among the records that hold every word, on every page (fast-check over the test build)', async () => {
    const engine = await builtEngine();
    const api = createApiHandler({ read: readDist(testSettings.DIST_DIR), quota: { limit: 1_000_000_000 } });
    const apiPage = async (q: string, offset: number) => {
      const response = await api(
        new Request(
          `http://test/api/v1/facts?${new URLSearchParams({ q, limit: '50', offset: String(offset), po_live: '1' })}`,
        ),
        { clientAddress: '192.0.2.1' },
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { results: { id: string }[] }).results.map((r) => r.id);
    };
    const apiIds = async (q: string) => [...(await apiPage(q, 0)), ...(await apiPage(q, 50))];
    const words = [
      'permis',
      'examen',
      'théorique',
      'pratique',
      'conduite',
      'accompagnée',
      'durée',
      'validité',
      'moto',
      'camion',
      'amende',
      'vitesse',
      'alcool',
      'provisoire',
      'bruxelles',
      'renouveler',
      'perdu',
      'condu',
      'théo',
      'provis',
    ];
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }), async (picked) => {
        const q = picked.join(' ');
        const exact = await apiIds(q);
        const site = [
          ...shownIds(await sitePage(engine, ask(q))),
          ...shownIds(await sitePage(engine, ask(q, 20))),
          ...shownIds(await sitePage(engine, ask(q, 40))),
        ];
        const held = new Set(exact);
        const kept = site.filter((id) => held.has(id));
        // Three pages list at least the first 40 exact matches (page 1 may blend in records lacking a word).
        expect(kept.length).toBeGreaterThanOrEqual(Math.min(exact.length, 40));
        expect(kept).toEqual(exact.slice(0, kept.length));
      }),
      { numRuns: 40, seed: 35 },
    );
  });
});
