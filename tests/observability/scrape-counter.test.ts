/** A Counter counted in a Map and handed to prom-client when read: same series, same values as a plain Counter. */
import fc from 'fast-check';
import { Counter, register } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { scrapeCounter } from '../../src/adapters/node/observability/scrape-counter.ts';

let made = 0;
/** A scrape counter and a plain prom-client Counter with the same labels (unique names: the registry is global). */
function pair() {
  made++;
  const help = 'test series';
  const labelNames = ['route', 'status'] as const;
  const names = { scraped: `test_scraped_${made}_total`, plain: `test_plain_${made}_total` };
  const scraped = scrapeCounter({ name: names.scraped, help, labelNames });
  const plain = new Counter({ name: names.plain, help, labelNames: [...labelNames] });
  // The lines of the series (their order within a family may differ, as Prometheus allows).
  const text = async (name: string) =>
    (await register.getSingleMetricAsString(name)).replaceAll(name, 'series').split('\n').sort().join('\n');
  return { scraped, plain, scrapedText: () => text(names.scraped), plainText: () => text(names.plain) };
}

describe('scrape counter', () => {
  it('reports exactly N after N increments, series by series', async () => {
    const { scraped, scrapedText } = pair();
    for (let i = 0; i < 1000; i++) scraped.inc({ route: '/a', status: '200' });
    for (let i = 0; i < 7; i++) scraped.inc({ route: '/a', status: '429' });
    const text = await scrapedText();
    expect(text).toContain('series{route="/a",status="200"} 1000');
    expect(text).toContain('series{route="/a",status="429"} 7');
  });

  it('counts nothing twice across scrapes, and adds what came between them', async () => {
    const { scraped, scrapedText } = pair();
    scraped.inc({ route: '/b', status: '200' });
    expect(await scrapedText()).toContain('series{route="/b",status="200"} 1');
    expect(await scrapedText()).toContain('series{route="/b",status="200"} 1');
    scraped.inc({ route: '/b', status: '200' });
    scraped.inc({ route: '/b', status: '200' });
    expect(await scrapedText()).toContain('series{route="/b",status="200"} 3');
  });

  it('gives the same series and values as a plain prom-client Counter fed the same increments, scraped at any points', async () => {
    const route = fc.constantFrom('/api/v1/facts', '/api/v1/facts/{id}', 'page', '/healthz');
    const status = fc.constantFrom('200', '304', '404', '429');
    const step = fc.oneof(fc.record({ route, status }), fc.constant('scrape' as const));
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 60 }), async (steps) => {
        const { scraped, plain, scrapedText, plainText } = pair();
        for (const s of steps) {
          if (s === 'scrape') expect(await scrapedText()).toBe(await plainText());
          else {
            scraped.inc(s);
            plain.inc(s);
          }
        }
        expect(await scrapedText()).toBe(await plainText());
      }),
      { numRuns: 30 },
    );
  });
});
