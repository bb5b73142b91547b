// The relevance bench's interval around the site's lead: a paired bootstrap over the queries (metrics.ts), the other
// engine it is taken against (report.ts), and the table that prints it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOTSTRAP, pairedInterval } from '../../scripts/bench/relevance/metrics.ts';
import { heldOutTargets, leadRow, renderLeads, type Row } from '../../scripts/bench/relevance/report.ts';

const figures = (recall10: number, mrr: number) => ({ recall10, mrr, ndcg10: 0, zero: 0 });

describe('pairedInterval: the mean difference and its 95 % paired bootstrap interval', () => {
  it('is exactly the shift when every query differs by the same amount, and zero for equal figures', () => {
    expect(pairedInterval([0.5, 0.2, 1], [0.25, -0.05, 0.75])).toEqual({ diff: 0.25, low: 0.25, high: 0.25 });
    expect(pairedInterval([0.3, 0.7], [0.3, 0.7])).toEqual({ diff: 0, low: 0, high: 0 });
  });

  it('holds the mean of a symmetric spread of differences, and widens it into an interval', () => {
    const a = [1, 0, 1, 0, 1, 0, 1, 0];
    const b = [0, 1, 0, 1, 0, 1, 0, 1];
    const { diff, low, high } = pairedInterval(a, b);
    expect(diff).toBe(0);
    expect(low).toBeLessThan(0);
    expect(high).toBeGreaterThan(0);
  });

  it('prints the same interval on every run (a fixed seed), another for another seed', () => {
    const a = [1, 0.5, 0, 0.25, 1, 0.2, 0.9];
    const b = [0.5, 0.5, 0.5, 0, 1, 0.1, 0];
    expect(pairedInterval(a, b)).toEqual(pairedInterval(a, b));
    expect(pairedInterval(a, b, { ...BOOTSTRAP, seed: 7 })).not.toEqual(pairedInterval(a, b));
  });

  it('keeps its bounds between the smallest and the largest per-query difference (fast-check)', () => {
    const figure = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(fc.array(fc.tuple(figure, figure), { minLength: 1, maxLength: 30 }), (pairs) => {
        const diffs = pairs.map(([x, y]) => x - y);
        const { low, high } = pairedInterval(
          pairs.map(([x]) => x),
          pairs.map(([, y]) => y),
          { resamples: 200, seed: 3 },
        );
        const slack = 1e-12;
        expect(low).toBeGreaterThanOrEqual(Math.min(...diffs) - slack);
        expect(high).toBeLessThanOrEqual(Math.max(...diffs) + slack);
        expect(low).toBeLessThanOrEqual(high);
      }),
    );
  });

  it('refuses figures that are not paired, naming both counts', () => {
    expect(() => pairedInterval([1, 0], [1])).toThrow('pairedInterval: 2 figures against 1');
  });
});

describe('leadRow and renderLeads: the lead over the better other engine, as the report prints it', () => {
  it('takes each figure against the other engine with the better mean, and prints it with its interval', () => {
    const perQuery: Row['figures'][] = [
      { site: figures(1, 1), pagefind: figures(0.5, 1), minisearch: figures(0.75, 0.5) },
      { site: figures(0.5, 0.5), pagefind: figures(0.5, 1), minisearch: figures(0.25, 0) },
    ];
    const row = leadRow('questions', perQuery)!;
    expect(row.recall10.other).toBe('pagefind');
    expect(row.recall10.diff).toBeCloseTo(0.25);
    expect(row.mrr.other).toBe('pagefind');
    expect(row.mrr.diff).toBeCloseTo(-0.25);
    expect(renderLeads([row]).split('\n').at(-2)).toBe(
      `| questions | 2 | +0.25 [${fmt(row.recall10.low)}, ${fmt(row.recall10.high)}] (pagefind) | −0.25 [${fmt(row.mrr.low)}, ${fmt(row.mrr.high)}] (pagefind) |`,
    );
  });

  it('has no lead when neither Pagefind nor MiniSearch ran', () => {
    expect(leadRow('overall', [{ site: figures(1, 1), api: figures(1, 1) }])).toBeUndefined();
  });

  it('prints a lead that rounds to zero as +0.00', () => {
    const row = leadRow('keywords', [
      { site: figures(0.5, 1), minisearch: figures(0.501, 1) },
      { site: figures(0.5, 1), minisearch: figures(0.501, 1) },
    ])!;
    expect(renderLeads([row])).toContain(
      '| keywords | 2 | +0.00 [+0.00, +0.00] (minisearch) | +0.00 [+0.00, +0.00] (minisearch) |',
    );
  });
});

/** The report's signed two-decimal format, for the bounds the bootstrap draws. */
function fmt(n: number): string {
  const rounded = Number(n.toFixed(2));
  return `${rounded >= 0 ? '+' : '−'}${Math.abs(rounded).toFixed(2)}`;
}

describe('heldOutTargets: the overall margin', () => {
  const overall = (site: number, minisearch: number): Row => ({
    category: 'overall',
    queries: 68,
    figures: {
      site: figures(site, 1),
      api: figures(0, 0),
      pagefind: figures(0.4, 0.4),
      minisearch: figures(minisearch, 0.5),
    },
  });
  const margin = (site: number, minisearch: number) =>
    heldOutTargets([overall(site, minisearch)]).find((t) => t.name.startsWith('overall: site recall@10 at least'))!;

  it('is missed a hair under 0.10 and prints the lead so that it does not read as 0.10', () => {
    expect(margin(0.7982959850606911, 0.6984126984126985)).toMatchObject({ result: '+0.0999', met: false });
  });

  it('is met at 0.10 and above', () => {
    expect(margin(0.8, 0.7)).toMatchObject({ result: '+0.1000', met: true });
    expect(margin(0.85, 0.7)).toMatchObject({ result: '+0.1500', met: true });
  });
});
