import { describe, expect, it } from 'vitest';
import { startTestEdge } from '../support/worker-target.ts';

const TOKEN = 'worker-report-token-0123456789';

describe('the worker counts the queries that found nothing', () => {
  it('in its isolate, read with SEARCH_REPORT_TOKEN on GET /api/v1/_zero-results', async () => {
    const { miniflare } = await startTestEdge({ vars: { RATE_LIMIT_PER_MINUTE: '120', SEARCH_REPORT_TOKEN: TOKEN } });
    const fetch = async (path: string, headers: Record<string, string> = {}) =>
      (await miniflare.dispatchFetch(`http://api.test${path}`, {
        headers: { 'cf-connecting-ip': '192.0.2.7', ...headers },
        redirect: 'manual',
      })) as unknown as Response;
    expect((await fetch('/api/v1/facts?po_live=1&q=Mobylettezz%20blorp')).status).toBe(200);
    expect((await fetch('/api/v1/_zero-results')).status).toBe(404);
    const report = await fetch('/api/v1/_zero-results', { authorization: `Bearer ${TOKEN}` });
    expect(report.status).toBe(200);
    expect(await report.json()).toEqual({ distinct: 1, queries: [{ q: 'mobylettezz blorp', count: 1 }] });
  });
});
