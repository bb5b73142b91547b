import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasWrk, parseWrkSummary, runWrk } from '../../scripts/bench/load/load-wrk.ts';

// The bench's wrk driver, run for real against a small server that records what it receives.
describe('the wrk load driver of npm run bench', () => {
  const seen: { path: string; coding: string | undefined }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    seen.push({ path: req.url!, coding: req.headers['accept-encoding'] });
    res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('finds wrk on PATH (.ci/run installs it)', () => {
    expect(hasWrk()).toBe(true);
  });

  it('walks a spread list in order across connections, with the given headers, and counts what it sent', async () => {
    seen.length = 0;
    const paths = Array.from({ length: 100_000 }, (_, i) => `/q?n=${i}`);
    const figures = await runWrk(base, paths, 1, 4, { headers: { 'accept-encoding': 'br' }, spread: true });
    expect(figures.bad).toBe(0);
    expect(figures.requests).toBeGreaterThan(100);
    expect(figures.rps).toBeGreaterThan(0);
    expect(figures.p99).toBeGreaterThanOrEqual(figures.p50);
    expect(figures.distinct).toBe(Math.min(figures.requests, paths.length));
    // Every request took the next path: what arrived is one run of consecutive entries from the list's head (wrk
    // may draw one request before the run starts), none twice.
    const indexes = seen.map((s) => Number(s.path.slice('/q?n='.length))).sort((a, b) => a - b);
    expect(new Set(indexes).size).toBe(indexes.length);
    expect(indexes[0]).toBeLessThanOrEqual(1);
    expect(indexes.at(-1)! - indexes[0]!).toBe(indexes.length - 1);
    expect(seen.every((s) => s.coding === 'br')).toBe(true);
  });

  it('counts answers that are not 2xx or 3xx as failed', async () => {
    const figures = await runWrk(base, ['/missing'], 1, 2, {});
    expect(figures.requests).toBeGreaterThan(0);
    expect(figures.bad).toBe(figures.requests);
  });

  it('refuses output without its summary line', () => {
    expect(() => parseWrkSummary('Running 1s test\n', ['/'], false)).toThrow(/wrk printed no summary/);
  });
});
