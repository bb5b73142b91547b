/** A least-recently-used map bounded both in entries and in bytes, keys counted. */

/** Bounds of a ByteLru. */
export interface ByteLruOptions<V> {
  /** Most entries kept. */
  maxEntries: number;
  /** Most bytes kept: every value's size plus its key's length (2 bytes a UTF-16 unit, as V8 may store it). */
  maxBytes: number;
  /** Bytes a value holds now (it may grow: call `resize` after it does). */
  sizeOf(value: V): number;
}

/** The cache. A value larger than maxBytes on its own is never kept. */
export interface ByteLru<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  /** Counts a value again after it grew (e.g. a compressed form was added), evicting others if needed. */
  resize(key: string): void;
  readonly size: number;
  readonly bytes: number;
}

/** Builds an empty cache. Map keeps insertion order, so re-inserting on each hit makes its first key the least recent. */
export function createByteLru<V>(options: ByteLruOptions<V>): ByteLru<V> {
  const map = new Map<string, { value: V; bytes: number }>();
  let total = 0;
  const weigh = (key: string, value: V) => key.length * 2 + options.sizeOf(value);

  function evict(): void {
    for (const [key, slot] of map) {
      if (map.size <= options.maxEntries && total <= options.maxBytes) break;
      map.delete(key);
      total -= slot.bytes;
    }
  }
  function remove(key: string): void {
    const slot = map.get(key);
    if (!slot) return;
    map.delete(key);
    total -= slot.bytes;
  }

  return {
    get(key) {
      const slot = map.get(key);
      if (!slot) return undefined;
      map.delete(key);
      map.set(key, slot);
      return slot.value;
    },
    set(key, value) {
      remove(key);
      const bytes = weigh(key, value);
      if (bytes > options.maxBytes) return;
      map.set(key, { value, bytes });
      total += bytes;
      evict();
    },
    resize(key) {
      const slot = map.get(key);
      if (!slot) return;
      const bytes = weigh(key, slot.value);
      total += bytes - slot.bytes;
      slot.bytes = bytes;
      if (bytes > options.maxBytes) remove(key);
      evict();
    },
    get size() {
      return map.size;
    },
    get bytes() {
      return total;
    },
  };
}
