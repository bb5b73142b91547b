/** The results of earlier checks, in one JSON file written atomically after each result: an interrupted run loses nothing. */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LinkResult } from './check-link.ts';

const VERSION = 1;

/** A file of results by address; `get` returns one only while it is younger than the maximum age. */
export class ResultCache {
  readonly path: string;
  readonly #results: Map<string, LinkResult>;
  #dirty = false;
  #writing: Promise<void> = Promise.resolve();

  private constructor(path: string, results: Map<string, LinkResult>) {
    this.path = path;
    this.#results = results;
  }

  /** Opens `path`; a missing file is an empty cache, an unreadable one too (with `warn` told why: it is rewritten whole). */
  static async open(path: string, warn: (message: string) => void = () => {}): Promise<ResultCache> {
    const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (text === null) return new ResultCache(path, new Map());
    try {
      const data = JSON.parse(text) as { version?: number; results?: Record<string, LinkResult> };
      if (data.version !== VERSION || typeof data.results !== 'object' || data.results === null)
        throw new Error(`version ${JSON.stringify(data.version)}, expected ${VERSION}`);
      return new ResultCache(path, new Map(Object.entries(data.results)));
    } catch (error) {
      warn(`${path}: unreadable cache (${(error as Error).message}); every link is checked again`);
      return new ResultCache(path, new Map());
    }
  }

  /** The result for `url` if it was checked less than `maxAgeMs` before `now`. */
  get(url: string, maxAgeMs: number, now: number): LinkResult | undefined {
    const result = this.#results.get(url);
    return result && now - Date.parse(result.checkedAt) < maxAgeMs ? result : undefined;
  }

  /** Keeps `result` and queues a write of the file. */
  set(result: LinkResult): Promise<void> {
    this.#results.set(result.url, result);
    this.#dirty = true;
    this.#writing = this.#writing.then(() => this.#write());
    return this.#writing;
  }

  /** Resolves once every result kept so far is on disk. */
  flush(): Promise<void> {
    return this.#writing;
  }

  /** Writes a temporary file and renames it over the cache, so the file is always whole; writes queued meanwhile coalesce. */
  async #write(): Promise<void> {
    if (!this.#dirty) return;
    this.#dirty = false;
    const results = Object.fromEntries([...this.#results].sort(([a], [b]) => (a < b ? -1 : 1)));
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${process.pid}.tmp`;
    await writeFile(temporary, `${JSON.stringify({ version: VERSION, results }, null, 1)}\n`);
    await rename(temporary, this.path);
  }
}
