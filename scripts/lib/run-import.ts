/** The import: walk a deployment, turn each record into a file, write what changed, report every count. */
import { rm } from 'node:fs/promises';
import { createClient } from '../../src/client/index.ts';
import { checkRecord, fileSlug, ORDER, publishedSummaries, recordFileSource } from './import/record-source.ts';
import { updateRecordFile } from './import/record-file-update.ts';
import { pacedFetch, type PacedFetchOptions } from './import/paced-fetch.ts';
import { readDeployment } from './import/read-deployment.ts';
import type { Fact } from '../../src/lib/schema/fact.ts';
import { indexFolder, inside, newName, writeAtomically } from './import-folder.ts';

/** Options of runImport; the defaults suit `npm run import`. */
export interface ImportOptions {
  /** The deployment: its site root or its API base (…/api/v1). */
  baseUrl: string;
  out: string;
  prune?: boolean;
  dryRun?: boolean;
  /** Pacing and transport (tests pass a fake fetch and clock). */
  paced?: PacedFetchOptions;
  sleep?: (ms: number) => Promise<void>;
  onProgress?: (read: number, total: number) => void;
  /** Read through GET /facts even when the deployment advertises a download (default false). */
  walk?: boolean;
}

/** What an import did. */
export interface ImportSummary {
  added: string[];
  changed: string[];
  unchanged: string[];
  /** Ids in the folder but not in the source: deleted with --prune, else kept and listed. */
  removed: string[];
  /** One line per problem, naming the record's id and the field. */
  failed: string[];
  warnings: string[];
  /** Why some records may be missing, when the walk did not finish. */
  incomplete?: string;
  requests: number;
  /** How the records were read: the deployment's download (one request for the file) or the walk of GET /facts. */
  via: 'download' | 'walk';
  /** The exit code: 0 when every record was imported. */
  exitCode: number;
}

/** The API base for a site root or an API base. */
export function apiBase(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /\/api\/v1$/.test(trimmed) ? trimmed : `${trimmed}/api/v1`;
}

/** Runs one import. */
export async function runImport(options: ImportOptions): Promise<ImportSummary> {
  const fetch = pacedFetch(options.paced);
  // po_live=1 from the start: one request fewer, and no hop to a canonical SITE_URL that may not be reachable from here.
  const client = createClient({
    baseUrl: apiBase(options.baseUrl),
    fetch,
    poLive: true,
    ...(options.sleep ? { sleep: (ms: number) => options.sleep!(ms) } : {}),
  });
  const walked = await readDeployment(client, {
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    walk: options.walk ?? false,
  });
  const summary: ImportSummary = {
    added: [],
    changed: [],
    unchanged: [],
    removed: [],
    failed: [],
    warnings: [...walked.warnings],
    requests: fetch.count(),
    via: walked.via,
    exitCode: 0,
  };
  if (walked.incomplete) summary.incomplete = walked.incomplete;
  summary.failed.push(...walked.withoutId.map(() => 'a record without an id: id: missing or not a string'));

  const facts: Fact[] = [];
  for (const raw of walked.records.values()) {
    const checked = checkRecord(raw);
    if (checked.ok) {
      facts.push(checked.fact);
      summary.warnings.push(...checked.warnings);
    } else summary.failed.push(...checked.problems);
  }
  const summaries = publishedSummaries(facts);
  const folder = await indexFolder(options.out);
  summary.warnings.push(...folder.warnings);
  const failedIds = new Set<string>();
  for (const fact of facts.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const file = recordFileSource(fact, summaries.get(fact.id));
    if (!file.ok) {
      summary.failed.push(...file.problems);
      failedIds.add(fact.id);
      continue;
    }
    const existing = folder.byId.get(fact.id);
    // An existing file is compared by its data and edited in place (record-file-update.ts); a new one is written whole.
    const text = existing
      ? updateRecordFile(folder.text.get(existing)!, {
          frontmatter: file.frontmatter,
          text: fact.text,
          publishedSummary: summaries.get(fact.id),
          source: file.source,
          order: ORDER,
        })
      : file.source;
    if (text === undefined) {
      summary.unchanged.push(fact.id);
      continue;
    }
    const name = existing ?? newName(folder, fileSlug(fact));
    (existing ? summary.changed : summary.added).push(fact.id);
    if (!options.dryRun) await writeAtomically(options.out, name, text);
  }
  // A record that failed is still in the source: its old file, if any, stays.
  for (const id of walked.records.keys()) if (!facts.some((f) => f.id === id)) failedIds.add(id);
  for (const [id, name] of folder.byId) {
    if (walked.records.has(id) || failedIds.has(id)) continue;
    summary.removed.push(id);
    // Never prune after an incomplete walk: a record not read is not a record gone.
    if (options.prune && !options.dryRun && !walked.incomplete) await rm(inside(options.out, name));
  }
  summary.requests = fetch.count();
  summary.exitCode = summary.failed.length > 0 || walked.incomplete ? 1 : 0;
  return summary;
}

/** The summary as the command prints it. */
export function formatSummary(
  summary: ImportSummary,
  options: Pick<ImportOptions, 'prune' | 'dryRun' | 'out'>,
): string {
  const lines: string[] = [];
  for (const warning of summary.warnings) lines.push(`warning: ${warning}`);
  for (const problem of summary.failed) lines.push(`failed: ${problem}`);
  if (summary.incomplete) lines.push(`incomplete: ${summary.incomplete}`);
  if (summary.removed.length) {
    const fate = options.prune
      ? summary.incomplete
        ? 'kept (the walk is incomplete)'
        : options.dryRun
          ? 'would be deleted'
          : 'deleted'
      : 'kept; run with --prune to delete';
    lines.push(`gone from the source (${fate}): ${summary.removed.join(', ')}`);
  }
  // The count of records gone from the source says what became of them, as the line above does.
  const deleted = options.prune && !summary.incomplete;
  const gone = !deleted
    ? `kept ${summary.removed.length} gone from the source`
    : options.dryRun
      ? `would remove ${summary.removed.length}`
      : `removed ${summary.removed.length}`;
  const counts = `added ${summary.added.length}, changed ${summary.changed.length}, unchanged ${summary.unchanged.length}, ${gone}, failed ${summary.failed.length}`;
  lines.push(
    `${options.dryRun ? '[dry run, nothing written] ' : ''}${counts} (${summary.requests} requests) → ${options.out}`,
  );
  return lines.join('\n');
}
