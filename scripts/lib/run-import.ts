/** The import: walk a deployment, turn each record into a file, write what changed, report every count. */
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createClient } from '../../src/client/index.ts';
import { checkRecord, fileSlug, ORDER, publishedSummaries, recordFileSource } from './import/record-source.ts';
import { updateRecordFile } from './import/record-file-update.ts';
import { pacedFetch, type PacedFetchOptions } from './import/paced-fetch.ts';
import { readDeployment } from './import/read-deployment.ts';
import type { Fact } from '../../src/lib/schema/fact.ts';
import { indexFolder, inside, newName, writeAtomically } from './import-folder.ts';
import { fileDataHash, hashOf, readImportState, STATE_FILE, stateText } from './import/import-state.ts';
import { displayPath, readRecords } from '../../src/lib/records/read-records.ts';
import { RecordError } from '../../src/lib/records/friendly-errors.ts';

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
  /**
   * The source wins over edits made here: records whose file the publisher edited since the last import (or that no
   * import of this source wrote) are rewritten, and with prune deleted when gone (default false). Never touches an
   * unreadable file or a record the source never had.
   */
  overwrite?: boolean;
}

/** A record file the import left as it is because the publisher changed its data since the import wrote it. */
export interface KeptEdit {
  id: string;
  /** The file, inside the out folder. */
  file: string;
  /**
   * `source unchanged`: edited here, the source has the same record as at the last import (nothing to report);
   * `source changed`: edited here and changed at the source; `not imported`: a file no import of this source wrote
   * (or whose state was lost) whose data differs from the source's; `gone`: edited here, gone from the source;
   * `deleted`: the file an import wrote was deleted here, the source has the same record (only counted);
   * `deleted, source changed`: deleted here, and changed at the source since.
   */
  why: 'source unchanged' | 'source changed' | 'not imported' | 'gone' | 'deleted' | 'deleted, source changed';
}

/** What an import did. */
export interface ImportSummary {
  /** The source, as the state file names it: its API base. */
  source: string;
  added: string[];
  changed: string[];
  unchanged: string[];
  /**
   * Ids that an earlier import of this source wrote, left as written, and that the source no longer has: deleted with
   * --prune, else kept and listed.
   */
  removed: string[];
  /** Ids in the folder that no import of this source wrote and the source does not have: never deleted. */
  localOnly: string[];
  /** Records whose file the publisher edited since the import: kept as they are unless --overwrite. */
  kept: KeptEdit[];
  /** Records of the source whose file cannot be read as a record: left as they are, no second file written. */
  unreadable: { id: string; file: string; problem: string }[];
  /** What the build refuses in the out folder after the import, one `file:line: field: message` each. */
  invalid: string[];
  /** One line per problem, naming the record's id and the field. */
  failed: string[];
  warnings: string[];
  /** Why some records may be missing, when the walk did not finish. */
  incomplete?: string;
  requests: number;
  /** How the records were read: the deployment's download (one request for the file) or the walk of GET /facts. */
  via: 'download' | 'walk';
  /** The exit code: 0 when every record was imported and the folder is valid (records kept as edited here included). */
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
  const source = apiBase(options.baseUrl);
  const summary: ImportSummary = {
    source,
    added: [],
    changed: [],
    unchanged: [],
    removed: [],
    localOnly: [],
    kept: [],
    unreadable: [],
    invalid: [],
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
  const stored = await readImportState(options.out);
  if (stored.warning) summary.warnings.push(stored.warning);
  // What the imports of this source wrote, and what this one leaves: an entry is set when a file is written or found
  // equal to the source's, and kept as it was when the publisher's edits are kept.
  const before = stored.state.sources[source] ?? {};
  const after = { ...before };
  const overwrite = options.overwrite ?? false;
  const failedIds = new Set<string>();
  for (const fact of facts.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const file = recordFileSource(fact, summaries.get(fact.id));
    if (!file.ok) {
      summary.failed.push(...file.problems);
      failedIds.add(fact.id);
      continue;
    }
    const sourceHash = hashOf({ frontmatter: file.frontmatter, text: fact.text, summary: summaries.get(fact.id) });
    const existing = folder.byId.get(fact.id);
    const unreadable = existing ? undefined : folder.unreadable.get(fact.id);
    if (unreadable) {
      // The publisher's file declares this id: neither overwritten (it may be half edited) nor doubled by a new file.
      summary.unreadable.push({ id: fact.id, file: join(options.out, unreadable.path), problem: unreadable.problem });
      continue;
    }
    const entry = before[fact.id];
    if (!existing && entry && !overwrite) {
      // Deleted here after an import of this source wrote it: the publisher's removal stands, as an edit does, and the
      // entry stays, so that the next import knows it too.
      const why = entry.source === sourceHash ? 'deleted' : 'deleted, source changed';
      summary.kept.push({ id: fact.id, file: join(options.out, entry.file), why });
      continue;
    }
    if (!existing) {
      const name = newName(folder, fileSlug(fact));
      summary.added.push(fact.id);
      if (!options.dryRun) await writeAtomically(options.out, name, file.source);
      after[fact.id] = { file: name, data: fileDataHash(file.source)!, source: sourceHash };
      continue;
    }
    // An existing file is compared by its data and edited in place (record-file-update.ts).
    const old = folder.text.get(existing)!;
    const oldHash = fileDataHash(old)!;
    const text = updateRecordFile(old, {
      frontmatter: file.frontmatter,
      text: fact.text,
      publishedSummary: summaries.get(fact.id),
      source: file.source,
      order: ORDER,
    });
    if (text === undefined) {
      summary.unchanged.push(fact.id);
      after[fact.id] = { file: existing, data: oldHash, source: sourceHash };
      continue;
    }
    if (!overwrite && entry?.data !== oldHash) {
      // Edited here since the last import (or never imported): the publisher's data stays; the entry keeps the hashes
      // of the last import, so the edit is still known as one next time.
      const why = !entry ? 'not imported' : entry.source === sourceHash ? 'source unchanged' : 'source changed';
      summary.kept.push({ id: fact.id, file: join(options.out, existing), why });
      continue;
    }
    summary.changed.push(fact.id);
    if (!options.dryRun) await writeAtomically(options.out, existing, text);
    after[fact.id] = { file: existing, data: fileDataHash(text)!, source: sourceHash };
  }
  // A record that failed is still in the source: its old file, if any, stays.
  for (const id of walked.records.keys()) if (!facts.some((f) => f.id === id)) failedIds.add(id);
  for (const [id, name] of folder.byId) {
    if (walked.records.has(id) || failedIds.has(id)) continue;
    const entry = before[id];
    if (!entry) {
      // The publisher's own record (or another source's): no import of this source wrote it, so it is never pruned.
      summary.localOnly.push(id);
      continue;
    }
    if (!overwrite && fileDataHash(folder.text.get(name)!) !== entry.data) {
      summary.kept.push({ id, file: join(options.out, name), why: 'gone' });
      continue;
    }
    summary.removed.push(id);
    // Never prune after an incomplete walk: a record not read is not a record gone.
    if (options.prune && !options.dryRun && !walked.incomplete) {
      await rm(inside(options.out, name));
      delete after[id];
    }
  }
  // A record gone from both the source and the folder is forgotten (not after an incomplete walk: it may be there).
  if (!walked.incomplete)
    for (const id of Object.keys(after))
      if (!walked.records.has(id) && !folder.byId.has(id) && !folder.unreadable.has(id)) delete after[id];
  if (!options.dryRun) {
    const text = stateText({ sources: { ...stored.state.sources, [source]: after } });
    const nothing = stored.text === undefined && Object.keys(after).length === 0;
    if (text !== stored.text && !nothing) await writeAtomically(options.out, STATE_FILE, text);
    summary.invalid = await buildProblems(
      options.out,
      summary.unreadable.map((u) => u.file),
    );
  }
  summary.requests = fetch.count();
  summary.exitCode =
    summary.failed.length > 0 || walked.incomplete || summary.unreadable.length > 0 || summary.invalid.length > 0
      ? 1
      : 0;
  return summary;
}

/**
 * What the build refuses in `dir` after the import: the records reader's problems, first line each (`file:line:
 * field: message`), except for `reported` files, whose problem the import named already.
 */
async function buildProblems(dir: string, reported: string[]): Promise<string[]> {
  try {
    await readRecords(dir, 'https://import.invalid');
    return [];
  } catch (error) {
    if (!(error instanceof RecordError)) throw error;
    const skip = reported.map((file) => `${displayPath(resolve(file))}:`);
    return error.problems
      .map((problem) => problem.split('\n')[0]!)
      .filter((line) => !skip.some((prefix) => line.startsWith(prefix)));
  }
}

/** Why a record edited here was kept, as the command prints it (`source unchanged` is only counted). */
const KEPT_WHY: Record<Exclude<KeptEdit['why'], 'source unchanged' | 'deleted'>, string> = {
  'source changed': "edited here since the last import, and changed at the source; --overwrite takes the source's",
  'not imported':
    "not written by an import of this source, and its data differs from the source's; --overwrite takes the source's",
  gone: 'edited here since the last import, and gone from the source; --prune deletes it only with --overwrite',
  'deleted, source changed':
    'deleted here after an import wrote it, and changed at the source since; --overwrite writes it again',
};

/** The summary as the command prints it. */
export function formatSummary(
  summary: ImportSummary,
  options: Pick<ImportOptions, 'prune' | 'dryRun' | 'out'>,
): string {
  const lines: string[] = [];
  for (const warning of summary.warnings) lines.push(`warning: ${warning}`);
  for (const problem of summary.failed) lines.push(`failed: ${problem}`);
  if (summary.incomplete) lines.push(`incomplete: ${summary.incomplete}`);
  for (const { id, file, problem } of summary.unreadable)
    lines.push(
      `not imported, its file cannot be read (left as it is; fix it and re-run): ${id} in ${file}: ${problem}`,
    );
  for (const { id, file, why } of summary.kept)
    if (why !== 'source unchanged' && why !== 'deleted')
      lines.push(`kept as edited here: ${id} (${file}): ${KEPT_WHY[why]}`);
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
  if (summary.localOnly.length && options.prune)
    lines.push(
      `kept, not from this source: ${summary.localOnly.length} record${summary.localOnly.length === 1 ? '' : 's'} that no import of ${summary.source} wrote (--prune deletes only those it wrote)`,
    );
  for (const problem of summary.invalid) lines.push(`invalid: ${problem}`);
  // The count of records gone from the source says what became of them, as the line above does.
  const deleted = options.prune && !summary.incomplete;
  const gone = !deleted
    ? `kept ${summary.removed.length} gone from the source`
    : options.dryRun
      ? `would remove ${summary.removed.length}`
      : `removed ${summary.removed.length}`;
  // Counts that are mostly 0 are shown only when they are not.
  const extra = [
    summary.kept.length ? `kept ${summary.kept.length} edited here` : '',
    summary.localOnly.length ? `kept ${summary.localOnly.length} not from this source` : '',
    summary.unreadable.length ? `unreadable ${summary.unreadable.length}` : '',
  ]
    .filter(Boolean)
    .map((part) => `, ${part}`)
    .join('');
  const invalid = summary.invalid.length
    ? `, ${summary.invalid.length} problem${summary.invalid.length === 1 ? '' : 's'} the build refuses`
    : '';
  const counts = `added ${summary.added.length}, changed ${summary.changed.length}, unchanged ${summary.unchanged.length}, ${gone}${extra}, failed ${summary.failed.length}${invalid}`;
  lines.push(
    `${options.dryRun ? '[dry run, nothing written] ' : ''}${counts} (${summary.requests} requests) → ${options.out}`,
  );
  return lines.join('\n');
}
