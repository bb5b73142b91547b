/** A histogram counted in typed arrays and read by prom-client: same series, text and aggregation as a prom-client Histogram. */
import fc from 'fast-check';
import { AggregatorRegistry, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { scrapeHistogram } from '../../src/adapters/node/observability/scrape-histogram.ts';

const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const help = 'test latency';

/** Ours and prom-client's, each in its own registry under the same name. */
function pair() {
  const ours = new Registry();
  const theirs = new Registry();
  const scraped = scrapeHistogram({
    name: 'latency_seconds',
    help,
    labelName: 'route',
    buckets: BUCKETS,
    registry: ours,
  });
  const plain = new Histogram({
    name: 'latency_seconds',
    help,
    labelNames: ['route'],
    buckets: BUCKETS,
    registers: [theirs],
  });
  return { scraped, plain, ours, theirs };
}

const route = fc.constantFrom('/api/v1/facts', '/api/v1/facts/{id}', 'page', '/healthz');
// Values on, between, below and past the bounds.
const seconds = fc.oneof(fc.constantFrom(0, ...BUCKETS, 2.5000001, 30), fc.double({ min: 0, max: 5, noNaN: true }));
const observation = fc.record({ route, value: seconds });

describe('scrape histogram', () => {
  it('counts a value equal to a bound in that bound, as Prometheus (le) and prom-client do', async () => {
    const { scraped, ours } = pair();
    scraped.observe({ route: 'page' }, 0.001);
    scraped.observe({ route: 'page' }, 0.0010001);
    scraped.observe({ route: 'page' }, 3);
    const text = await ours.metrics();
    expect(text).toContain('latency_seconds_bucket{le="0.0005",route="page"} 0');
    expect(text).toContain('latency_seconds_bucket{le="0.001",route="page"} 1');
    expect(text).toContain('latency_seconds_bucket{le="0.0025",route="page"} 2');
    expect(text).toContain('latency_seconds_bucket{le="2.5",route="page"} 2');
    expect(text).toContain('latency_seconds_bucket{le="+Inf",route="page"} 3');
    expect(text).toContain('latency_seconds_count{route="page"} 3');
  });

  it('gives the same text as a prom-client Histogram fed the same observations, read at any points, reset included', async () => {
    const step = fc.oneof(observation, fc.constantFrom('read' as const, 'reset' as const));
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 80 }), async (steps) => {
        const { scraped, plain, ours, theirs } = pair();
        for (const s of [...steps, 'read' as const]) {
          if (s === 'read') expect(await ours.metrics()).toBe(await theirs.metrics());
          else if (s === 'reset') scraped.reset(), plain.reset();
          else scraped.observe({ route: s.route }, s.value), plain.observe({ route: s.route }, s.value);
        }
      }),
    );
  });

  it("sums two workers' series in the cluster primary exactly as prom-client's own histograms are summed", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(observation, { maxLength: 40 }),
        fc.array(observation, { maxLength: 40 }),
        async (a, b) => {
          const workers = [pair(), pair()];
          for (const [i, observations] of [a, b].entries()) {
            for (const o of observations)
              workers[i]!.scraped.observe({ route: o.route }, o.value),
                workers[i]!.plain.observe({ route: o.route }, o.value);
          }
          const aggregate = async (side: 'ours' | 'theirs') =>
            AggregatorRegistry.aggregate(await Promise.all(workers.map((w) => w[side].getMetricsAsJSON()))).metrics();
          expect(await aggregate('ours')).toBe(await aggregate('theirs'));
        },
      ),
    );
  });
});
