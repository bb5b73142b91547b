/**
 * The Durable Object behind the edge quota: one object per client key (`idFromName(client)`), holding that
 * client's current window. Workers in every isolate and location reach the same object, so the count is global.
 */
import { DurableObject } from 'cloudflare:workers';

/** One client's window: opened by its first request, closing at `end` (ms since the epoch), `count` requests so far. */
interface Window {
  end: number;
  count: number;
}

/** What one hit returns: the count in the window and the time left in it (the caller applies `decide()`). */
export interface WindowCount {
  count: number;
  msLeft: number;
}

/** SQLite-backed Durable Object class (see `migrations` in wrangler.jsonc). */
export class QuotaWindow extends DurableObject {
  /** Counts one request; opens a new window when none is open. Requests to one object run one at a time. */
  async hit(windowMs: number): Promise<WindowCount> {
    const now = Date.now();
    const stored = this.ctx.storage.kv.get<Window>('window');
    const opening = !stored || now >= stored.end;
    const window = opening ? { end: now + windowMs, count: 1 } : { end: stored.end, count: stored.count + 1 };
    // Synchronous read and write: no other request to this object can run in between.
    this.ctx.storage.kv.put('window', window);
    // Stored windows are deleted once over, so idle clients leave no data behind.
    if (opening) await this.ctx.storage.setAlarm(window.end);
    return { count: window.count, msLeft: window.end - now };
  }

  /** Deletes the window once it is over; a window reopened since then keeps its data and gets a new alarm. */
  async alarm(): Promise<void> {
    const window = this.ctx.storage.kv.get<Window>('window');
    if (window && window.end > Date.now()) await this.ctx.storage.setAlarm(window.end);
    else await this.ctx.storage.deleteAll();
  }
}
