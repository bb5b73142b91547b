/**
 * Reads every record of a deployment: from its download when its catalogue advertises one (one request for the file,
 * checked against the catalogue's size and SHA-256 by the client), else, or when the download cannot be used, through
 * the walk of GET /facts (walk-deployment.ts).
 */
import type { ApiError, PermisFactsClient } from '../../../src/client/index.ts';
import { recordLabel } from './record-source.ts';
import { walkDeployment, type WalkOptions, type WalkResult } from './walk-deployment.ts';

/** How the records were read, besides what a walk reports. */
export interface ReadResult extends WalkResult {
  via: 'download' | 'walk';
}

/** Options of readDeployment: the walk's, and whether to skip the download. */
export interface ReadOptions extends WalkOptions {
  /** Read through GET /facts even when a download is advertised (default false). */
  walk?: boolean;
}

/** A failure the walk would meet too (quota, unavailable, unreachable): reported, never worked around with 200 more requests. */
const sharedFailure = (error: ApiError) =>
  error.status === 429 || error.status === 503 || error.code === 'network_error';

/** Reads every record; never throws for the source's faults, which end up in `incomplete` and `warnings`. */
export async function readDeployment(client: PermisFactsClient, options: ReadOptions = {}): Promise<ReadResult> {
  const warnings: string[] = [];
  if (!options.walk) {
    try {
      const facts = await client.download();
      if (facts) {
        options.onProgress?.(facts.length, facts.length);
        return { ...fromDownload(facts), via: 'download' };
      }
    } catch (error) {
      const failure = error as ApiError;
      if (sharedFailure(failure))
        return { records: new Map(), withoutId: [], warnings, incomplete: failure.message, via: 'download' };
      warnings.push(`the download could not be used (${failure.message}); read through GET /facts instead`);
    }
  }
  const walked = await walkDeployment(client, options);
  return { ...walked, warnings: [...warnings, ...walked.warnings], via: 'walk' };
}

/** The download's records by id, as a walk reports them. */
function fromDownload(facts: unknown[]): WalkResult {
  const result: WalkResult = { records: new Map(), withoutId: [], warnings: [] };
  for (const raw of facts) {
    const id = (raw as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') result.withoutId.push(raw);
    else if (result.records.has(id))
      result.warnings.push(
        `the download holds record ${JSON.stringify(id.slice(0, 80))} more than once; the last one is imported`,
      );
    else result.records.set(id, raw);
  }
  for (const raw of result.withoutId)
    result.warnings.push(`${recordLabel(raw)}: id: missing or not a string; not imported`);
  return result;
}
