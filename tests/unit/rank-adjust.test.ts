import { describe, expect, it } from 'vitest';
import { adjustScores, KIND_PRIOR, kindPrior } from '../../src/lib/search/rank-adjust.ts';
import { KINDS } from '../../src/lib/schema/vocabulary.ts';
import { builtEngine } from '../support/search.ts';

const k = (kind: (typeof KINDS)[number]) => KINDS.indexOf(kind);

describe('kind prior', () => {
  it('keeps rules and analyses at full weight and weighs offers, organizations, people and professionals less', () => {
    expect(kindPrior(k('fact'))).toBe(1);
    expect(kindPrior(k('expertise'))).toBe(1);
    for (const kind of ['offer', 'organization', 'person', 'professional'] as const) expect(kindPrior(k(kind))).toBeLessThan(kindPrior(k('lesson')));
    expect(kindPrior(k('lesson'))).toBeLessThan(1);
    for (const [kind, weight] of Object.entries(KIND_PRIOR)) expect(weight, kind).toBeGreaterThan(0);
  });

  it('lets a rule lead an offer whose score is close, but not one far ahead', () => {
    const kinds = [k('offer'), k('fact'), k('offer')];
    const scores = adjustScores(Int32Array.from([0, 1, 2]), Float64Array.from([10, 9, 20]), kinds);
    expect(scores[1]).toBeGreaterThan(scores[0]!);
    expect(scores[2]).toBeGreaterThan(scores[1]!);
  });
});

describe('ranking on the bundled corpus', () => {
  it('lists the rule records about the A2 licence before offers and fictional profiles for "moto A2"', async () => {
    const engine = await builtEngine();
    const { ids: top, cards } = await engine.search({ q: 'moto A2', limit: 3, offset: 0 });
    expect(cards.map((card) => card.kind)).toEqual(['fact', 'fact', 'fact']);
    expect(top).toContain('fait-b325cbffb5602694'); // Permis A2 : motos jusqu'à 35 kW
  });
});
