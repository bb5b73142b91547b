import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshRecords } from '../../scripts/lib/dev-integration.ts';
import type { RefreshContext } from '../../src/data/records-loader.ts';

const logger = { error: (message: string) => void errors.push(message) } as unknown as Parameters<
  typeof refreshRecords
>[1];
const errors: string[] = [];
const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A fake refreshContent: Astro skips the loader (content config reloading) `skipped` times, then runs it; `during` runs inside each call. */
function fakeAstro(skipped: number, during: (call: number, ran: boolean) => void) {
  let calls = 0;
  const runs: number[] = [];
  const refreshContent = async ({ context }: { context?: Record<string, unknown> }) => {
    const call = ++calls;
    const run = call > skipped;
    if (run) (context as RefreshContext).ran();
    if (run) runs.push(call);
    during(call, run);
    await wait(60);
  };
  return { refreshContent: refreshContent as unknown as Parameters<typeof refreshRecords>[0], runs };
}

describe("npm run dev's record refresh", () => {
  // The refresh's timers and clock are faked: each test runs them until none is left (the refresh has settled), with no real wait.
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] }));
  afterEach(() => void vi.useRealTimers());
  it('runs the loader once for an edit whose second event came while Astro skipped the loader (writeFile: truncate, then write)', async () => {
    let onEvent = () => {};
    const astro = fakeAstro(1, (call) => void (call === 1 && onEvent()));
    onEvent = refreshRecords(astro.refreshContent, logger);
    onEvent();
    await vi.runAllTimersAsync();
    expect(astro.runs).toHaveLength(1);
  });

  it('runs the loader again for an event that came after the loader began reading', async () => {
    let onEvent = () => {};
    const astro = fakeAstro(0, (call) => void (call === 1 && onEvent()));
    onEvent = refreshRecords(astro.refreshContent, logger);
    onEvent();
    await vi.runAllTimersAsync();
    expect(astro.runs).toEqual([1, 2]);
    expect(errors).toEqual([]);
  });
});
