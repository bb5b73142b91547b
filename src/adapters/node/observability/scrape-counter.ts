/**
 * Node-only: a prom-client Counter whose per-request increments skip prom-client's label hashing: an increment adds
 * one to a plain Map entry keyed by the label values, and the Counter takes the sums in its `collect()` hook, which
 * prom-client runs when the registry is read (a scrape, or the cluster primary asking a worker). The series keep
 * their names, labels and values; only when the counting happens moves out of the request.
 */
import { Counter } from 'prom-client';

/** One series waiting for the next read. */
interface Entry<L extends string> {
  labels: Record<L, string>;
  count: number;
}

/** A Counter counted per request in a Map (see above). */
export interface ScrapeCounter<L extends string> {
  /** Adds one to the series of `labels`. */
  inc(labels: Record<L, string>): void;
  /** The prom-client Counter (registered in the global registry). */
  readonly counter: Counter<L>;
}

/** Makes a Counter named `name` with `labelNames`, counted in a Map until it is read. */
export function scrapeCounter<L extends string>(config: {
  name: string;
  help: string;
  labelNames: readonly L[];
}): ScrapeCounter<L> {
  const names = config.labelNames;
  // Series not yet handed to prom-client, by the first label's value then the rest (routes and statuses are few):
  // two Map lookups on the values as they come, without building a key string per increment.
  const pending = new Map<string, Map<string, Entry<L>>>();
  const counter = new Counter<L>({
    name: config.name,
    help: config.help,
    labelNames: names,
    collect() {
      for (const entries of pending.values()) {
        for (const entry of entries.values()) {
          if (entry.count === 0) continue;
          this.inc(entry.labels, entry.count);
          entry.count = 0;
        }
      }
    },
  });
  const [first, ...rest] = names as [L, ...L[]];
  const restKey = (labels: Record<L, string>) =>
    rest.length === 0 ? '' : rest.length === 1 ? labels[rest[0]!] : rest.map((name) => labels[name]).join('\u0000');
  return {
    counter,
    inc(labels) {
      let entries = pending.get(labels[first]);
      if (!entries) pending.set(labels[first], (entries = new Map()));
      const key = restKey(labels);
      const entry = entries.get(key);
      if (entry) entry.count++;
      else entries.set(key, { labels: { ...labels }, count: 1 });
    },
  };
}
