import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesceReloads, RELOAD_WINDOW_MS } from '../../scripts/lib/coalesce-reloads.ts';

/** A fake hot channel recording what reaches the browser, and when (fake time). */
function fakeHot() {
  const sent: { at: number; args: unknown[] }[] = [];
  const hot = { send: (...args: unknown[]) => void sent.push({ at: Date.now(), args }) };
  coalesceReloads(hot);
  return { hot, sent };
}

describe("npm run dev's page reloads", () => {
  beforeEach(() => void vi.useFakeTimers({ now: 0 }));
  afterEach(() => void vi.useRealTimers());

  it("sends Astro's two full reloads of one data-store write 87 ms apart as one", () => {
    const { hot, sent } = fakeHot();
    hot.send({ type: 'full-reload', path: '*' });
    vi.advanceTimersByTime(87);
    hot.send({ type: 'full-reload', path: '*' });
    vi.advanceTimersByTime(RELOAD_WINDOW_MS * 3);
    expect(sent).toEqual([{ at: 87 + RELOAD_WINDOW_MS, args: [{ type: 'full-reload', path: '*' }] }]);
  });

  it('sends a reload that comes after the window as a reload of its own: an edit is delayed, never lost', () => {
    const { hot, sent } = fakeHot();
    hot.send({ type: 'full-reload', path: '*' });
    vi.advanceTimersByTime(RELOAD_WINDOW_MS + 1);
    hot.send({ type: 'full-reload', path: '*' });
    vi.advanceTimersByTime(RELOAD_WINDOW_MS);
    expect(sent.map((s) => s.at)).toEqual([RELOAD_WINDOW_MS, 2 * RELOAD_WINDOW_MS + 1]);
  });

  it('keeps each distinct reload of a window (a reload of one page is not folded into another)', () => {
    const { hot, sent } = fakeHot();
    hot.send({ type: 'full-reload', path: '/a.html' });
    hot.send({ type: 'full-reload', path: '*' });
    hot.send({ type: 'full-reload', path: '/a.html' });
    vi.advanceTimersByTime(RELOAD_WINDOW_MS);
    expect(sent.map((s) => s.args[0])).toEqual([
      { type: 'full-reload', path: '/a.html' },
      { type: 'full-reload', path: '*' },
    ]);
  });

  it('passes every other message at once and unchanged, custom events included', () => {
    const { hot, sent } = fakeHot();
    hot.send({ type: 'update', updates: [] });
    hot.send('astro:content-changed', {});
    expect(sent).toEqual([
      { at: 0, args: [{ type: 'update', updates: [] }] },
      { at: 0, args: ['astro:content-changed', {}] },
    ]);
  });
});
