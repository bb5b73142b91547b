/**
 * Reads every record of a deployment of the spec through the project's client: GET /facts pages of 50, advancing by
 * the results read, deduplicated by id, and, when `total` is more than offsets up to 10,000 can reach, narrowed by kind
 * and then by kind and region so that no record is missed. Guards against sources that lie or loop.
 */
import type { PermisFactsClient } from '../../../src/client/index.ts';
import { QUERY_LIMITS } from '../../../src/lib/schema/limits.ts';
import { KINDS, REGIONS } from '../../../src/lib/schema/vocabulary.ts';
import { recordLabel } from './record-source.ts';

/** What a walk filters on. */
type Filter = { kind?: string; region?: string };

/** The outcome of a walk: raw records by id (unvalidated), warnings, and why it is incomplete when it is. */
export interface WalkResult {
  records: Map<string, unknown>;
  /** Records that came without a string id: they cannot be deduplicated or named by id. */
  withoutId: unknown[];
  warnings: string[];
  /** Set when some records may be missing (the walk failed or could not reach them): never prune then. */
  incomplete?: string;
}

/** Options of walkDeployment. */
export interface WalkOptions {
  /** Called after each page with the records read so far and the best known total. */
  onProgress?: (read: number, total: number) => void;
  /** Pages in a row that bring no new id before the walk decides the source repeats itself (default 3). */
  maxStalePages?: number;
}

const LIMIT = QUERY_LIMITS.limit.max;
/** The last offset accepted plus one page: what a single filter can reach. */
const REACHABLE = QUERY_LIMITS.offset.max + LIMIT;

/** Reads every record; never throws for the source's faults, which end up in `incomplete` and `warnings`. */
export async function walkDeployment(client: PermisFactsClient, options: WalkOptions = {}): Promise<WalkResult> {
  const result: WalkResult = { records: new Map(), withoutId: [], warnings: [] };
  const maxStale = options.maxStalePages ?? 3;
  let grandTotal = 0;

  /** Walks one filter from offset 0; returns the total the source announced. */
  async function walk(filter: Filter, first?: { results: unknown[]; total: number }): Promise<number> {
    let offset = 0;
    let stale = 0;
    let announced = -1;
    let beyondTotal = false;
    let warnedLow = false;
    // Staleness is judged within this walk: narrowed walks legitimately meet records another walk has read.
    const seenHere = new Set<string>();
    for (;;) {
      const page =
        first ?? checkPage(await client.search({ ...filter, limit: LIMIT, offset } as never), filter, offset);
      first = undefined;
      if (announced < 0) announced = page.total;
      let fresh = 0;
      for (const raw of page.results) {
        const id = (raw as { id?: unknown } | null)?.id;
        if (typeof id !== 'string') {
          result.withoutId.push(raw);
          continue;
        }
        if (!seenHere.has(id)) fresh += 1;
        seenHere.add(id);
        result.records.set(id, raw);
      }
      offset += page.results.length;
      options.onProgress?.(result.records.size, Math.max(grandTotal, result.records.size));
      stale = fresh === 0 ? stale + 1 : 0;
      if (page.results.length === 0) {
        if (offset < announced)
          result.warnings.push(
            `${describe(filter)}: the source announced ${announced} records but its pages ended after ${offset}`,
          );
        return announced;
      }
      if (stale >= maxStale) {
        // The whole walk stops: a source that loops on one filter would loop on every narrower one too.
        throw new Error(
          `${describe(filter)}: ${maxStale} pages in a row brought no new record (at offset ${offset}); the source repeats its pages`,
        );
      }
      if (offset >= announced) {
        // A full last page may hide a total that lies low: one more page tells.
        if (beyondTotal && fresh > 0 && !warnedLow) {
          warnedLow = true;
          result.warnings.push(`${describe(filter)}: the source announced ${announced} records but served more`);
        }
        if (page.results.length < LIMIT || (beyondTotal && fresh === 0)) return announced;
        beyondTotal = true;
      }
      if (offset > QUERY_LIMITS.offset.max) {
        result.incomplete = `${describe(filter)}: more records than offsets up to ${QUERY_LIMITS.offset.max} reach, even narrowed by kind and region`;
        return announced;
      }
    }
  }

  async function firstPage(filter: Filter) {
    return checkPage(await client.search({ ...filter, limit: LIMIT, offset: 0 } as never), filter, 0);
  }

  try {
    const top = await firstPage({});
    grandTotal = top.total;
    if (top.total <= REACHABLE) await walk({}, top);
    else {
      for (const kind of KINDS) {
        const byKind = await firstPage({ kind });
        if (byKind.total <= REACHABLE) await walk({ kind }, byKind);
        else for (const region of REGIONS) await walk({ kind, region });
      }
      if (result.records.size < top.total)
        result.warnings.push(
          `the source announced ${top.total} records; ${result.records.size} were found by kind and region`,
        );
    }
  } catch (error) {
    result.incomplete = (error as Error).message;
  }
  for (const raw of result.withoutId)
    result.warnings.push(`${recordLabel(raw)}: id: missing or not a string; not imported`);
  return result;
}

/** A filter in words, for messages. */
function describe(filter: Filter): string {
  const parts = Object.entries(filter).map(([k, v]) => `${k}=${v}`);
  return `GET /facts${parts.length ? `?${parts.join('&')}` : ''}`;
}

/** Checks that an answer is a /facts page: a results array and an integer total. */
function checkPage(page: unknown, filter: Filter, offset: number): { results: unknown[]; total: number } {
  const { results, total } = (page ?? {}) as { results?: unknown; total?: unknown };
  if (!Array.isArray(results) || !Number.isInteger(total) || (total as number) < 0) {
    const excerpt = JSON.stringify(page)?.slice(0, 120);
    throw new Error(
      `${describe(filter)} at offset ${offset}: not a page of the spec (an array "results" and an integer "total"): ${excerpt}`,
    );
  }
  if (results.length > LIMIT)
    throw new Error(`${describe(filter)} at offset ${offset}: ${results.length} results for limit ${LIMIT}`);
  return { results, total: total as number };
}
