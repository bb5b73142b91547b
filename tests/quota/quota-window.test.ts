import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuotaWindow } from '../../src/adapters/cloudflare/quota-window.ts';
import type { DurableObjectState } from '../../src/adapters/cloudflare/types.ts';

/** A Durable Object state over a Map, recording the alarm it was given. */
function fakeState() {
  const data = new Map<string, unknown>();
  const state = {
    alarm: null as number | null,
    data,
    storage: {
      kv: {
        get: <T>(key: string) => data.get(key) as T | undefined,
        put: <T>(key: string, value: T) => void data.set(key, structuredClone(value)),
      },
      setAlarm: async (time: number) => void (state.alarm = time),
      deleteAll: async () => data.clear(),
    },
  };
  return state;
}

describe('the QuotaWindow Durable Object', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());
  const WINDOW = 60_000;

  it('opens a window with the first request, counts within it, and sets an alarm at its end', async () => {
    const state = fakeState();
    const quota = new QuotaWindow(state as unknown as DurableObjectState, {});
    expect(await quota.hit(WINDOW)).toEqual({ count: 1, msLeft: WINDOW });
    expect(state.alarm).toBe(1_000_000 + WINDOW);
    vi.advanceTimersByTime(59_000);
    expect(await quota.hit(WINDOW)).toEqual({ count: 2, msLeft: 1_000 });
    expect(state.alarm).toBe(1_000_000 + WINDOW); // not moved by later requests
  });

  it('opens a new window once the last one is over', async () => {
    const quota = new QuotaWindow(fakeState() as unknown as DurableObjectState, {});
    await quota.hit(WINDOW);
    await quota.hit(WINDOW);
    vi.advanceTimersByTime(WINDOW);
    expect(await quota.hit(WINDOW)).toEqual({ count: 1, msLeft: WINDOW });
  });

  it('keeps its count across a restart of the object (the window is in storage)', async () => {
    const state = fakeState();
    await new QuotaWindow(state as unknown as DurableObjectState, {}).hit(WINDOW);
    expect(await new QuotaWindow(state as unknown as DurableObjectState, {}).hit(WINDOW)).toEqual({
      count: 2,
      msLeft: WINDOW,
    });
  });

  it('deletes its data when the alarm finds the window over, and re-arms for a window still open', async () => {
    const state = fakeState();
    const quota = new QuotaWindow(state as unknown as DurableObjectState, {});
    await quota.hit(WINDOW);
    vi.advanceTimersByTime(WINDOW);
    await quota.alarm();
    expect(state.data.size).toBe(0);
    await quota.hit(WINDOW); // a new window opens...
    state.alarm = null;
    await quota.alarm(); // ...and an early alarm leaves it alone
    expect(state.data.size).toBe(1);
    expect(state.alarm).toBe(Date.now() + WINDOW);
  });
});
