import { describe, expect, it } from 'vitest';
import {
  KIND_PRIOR,
  kindPrior,
  LEAD_BONUS,
  namedRegions,
  OTHER_REGION_PRIOR,
  rankFactors,
  rankScore,
  regionPrior,
  TITLE_COVERAGE_BONUS,
} from '../../src/lib/search/score/score.ts';
import { regionBit } from '../../src/lib/search/index/listing.ts';
import { processTerm } from '../../src/lib/search/text/normalize.ts';
import { LEAD_WORDS, titleLead } from '../../src/lib/search/index/search-options.ts';
import { KINDS } from '../../src/lib/schema/vocabulary.ts';
import { builtEngine } from '../support/search.ts';

const k = (kind: (typeof KINDS)[number]) => KINDS.indexOf(kind);

describe('kind prior', () => {
  it('keeps rules and analyses at full weight and weighs offers, organizations, people and professionals less', () => {
    expect(kindPrior(k('fact'))).toBe(1);
    expect(kindPrior(k('expertise'))).toBe(1);
    for (const kind of ['offer', 'organization', 'person', 'professional'] as const)
      expect(kindPrior(k(kind))).toBeLessThan(kindPrior(k('lesson')));
    expect(kindPrior(k('lesson'))).toBeLessThan(1);
    for (const [kind, weight] of Object.entries(KIND_PRIOR)) expect(weight, kind).toBeGreaterThan(0);
  });

  it('lets a rule lead an offer whose score is close, but not one far ahead', () => {
    const f = rankFactors(1, 1, 0);
    const scores = [
      rankScore(10, k('offer'), 0, 0, f),
      rankScore(9, k('fact'), 0, 0, f),
      rankScore(20, k('offer'), 0, 0, f),
    ];
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    expect(scores[2]).toBeGreaterThan(scores[1]!);
  });
});

describe('title lead', () => {
  it('takes the first significant words of a title, stop words and elisions skipped', () => {
    expect(LEAD_WORDS).toBe(3);
    expect(titleLead("L'examen théorique du permis B à Bruxelles : 50 questions")).toBe('examen théorique permis');
    expect(titleLead('Délais et validités en Flandre : de l’examen théorique au terugkommoment')).toBe(
      'Délais validités Flandre',
    );
    expect(titleLead('Permis')).toBe('Permis');
  });

  it('multiplies a score by 1 + bonus × share², share being the part of the slots the title (its lead) holds', () => {
    // Two slots, a fact of all of Belgium: lead holding both, one, none; title holding one.
    const f = rankFactors(2, 1, 0);
    const fact = k('fact') | (1 << 4);
    expect([2, 1, 0].map((led) => rankScore(10, fact, 0, led, f))).toEqual([
      10 * (1 + LEAD_BONUS),
      10 * (1 + LEAD_BONUS / 4),
      10,
    ]);
    expect(rankScore(10, fact, 1, 0, f)).toBe(10 * (1 + TITLE_COVERAGE_BONUS / 4));
  });

  it("multiplies by the query's term count, then the factors in the documented order", () => {
    const f = rankFactors(2, 3, 0);
    expect(rankScore(10, k('lesson') | (1 << 4), 2, 2, f)).toBe(
      10 * 3 * kindPrior(k('lesson')) * (1 + TITLE_COVERAGE_BONUS) * (1 + LEAD_BONUS),
    );
  });
});

describe('region named in the query', () => {
  const slot = (...options: string[][]) => ({ options: options.map((terms) => ({ terms })) });
  const bits = (...regions: Parameters<typeof regionBit>[0][]) => regions.reduce((mask, r) => mask | regionBit(r), 0);

  it('reads the regions a query names from its slots, the word itself or one of its synonyms, never Belgium', () => {
    const term = (word: string) => processTerm(word)!;
    const [bruxelles, flandre, wallonie, belgique] = [
      term('bruxelles'),
      term('flandre'),
      term('wallonie'),
      term('belgique'),
    ];
    expect(namedRegions([slot(['permi']), slot([bruxelles])])).toBe(bits('bruxelles'));
    // "brussel" is a synonym of "bruxelles" (content/synonyms.yaml): its slot has the region's term as an option.
    expect(namedRegions([slot(['brussel'], [bruxelles])])).toBe(bits('bruxelles'));
    expect(namedRegions([slot([flandre]), slot([wallonie])])).toBe(bits('flandre', 'wallonie'));
    expect(namedRegions([slot([belgique]), slot(['permi'])])).toBe(0);
    // A region word inside a phrase option does not name the region on its own.
    expect(namedRegions([slot(['permi', bruxelles])])).toBe(0);
  });

  it('weighs records declared only for other regions less, and keeps those of the region or of all of Belgium', () => {
    const named = bits('bruxelles');
    expect(OTHER_REGION_PRIOR).toBeGreaterThan(0);
    expect(OTHER_REGION_PRIOR).toBeLessThan(1);
    expect(regionPrior(bits('bruxelles'), named)).toBe(1);
    expect(regionPrior(bits('flandre', 'bruxelles'), named)).toBe(1);
    expect(regionPrior(bits('belgique'), named)).toBe(1);
    expect(regionPrior(bits('flandre'), named)).toBe(OTHER_REGION_PRIOR);
    expect(regionPrior(bits('flandre'), 0)).toBe(1);
    const masks = [bits('flandre'), bits('bruxelles'), bits('wallonie', 'flandre')];
    const f = rankFactors(1, 1, named);
    expect(masks.map((mask) => rankScore(10, k('fact') | (mask << 4), 0, 0, f))).toEqual([
      10 * OTHER_REGION_PRIOR,
      10,
      10 * OTHER_REGION_PRIOR,
    ]);
  });
});

describe('ranking on the bundled corpus', () => {
  it('lists the A2 licence rule first for "moto A2", and rule records before most offers and fictional profiles', async () => {
    const engine = await builtEngine();
    const { ids: top, cards } = await engine.search({ q: 'moto A2', limit: 3, offset: 0 });
    expect(top[0]).toBe('fait-b325cbffb5602694'); // Permis A2 : motos jusqu'à 35 kW
    // "Formule moto A2 … (exemple)", an offer whose title starts with the query, may come second (the title lead).
    expect(cards.filter((card) => card.kind === 'fact').length).toBeGreaterThanOrEqual(2);
  });

  it('puts a record whose title starts with the query before one that mentions the words further on', async () => {
    const engine = await builtEngine();
    const { ids } = await engine.search({ q: 'examen theorique', limit: 10, offset: 0 });
    // "Examen théorique du permis B en Wallonie / à Bruxelles : …" were 10th and 18th without the lead factor.
    expect(ids).toContain('fait-2dfbfa7aac8c0c49');
    expect(ids).toContain('fait-eb16a9220c1ec86e');
    // "Délais et validités en Flandre : de l'examen théorique au terugkommoment…" was 11th.
    expect(ids).not.toContain('fait-036bc6ff98418123');
  });
});
