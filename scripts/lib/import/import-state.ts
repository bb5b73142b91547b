/**
 * What earlier imports wrote into a folder: `.import-state.json` (a dotfile, so the records reader skips it), holding
 * per source (its API base) and per record id the file that holds it, a hash of the file's data as the import left it,
 * and a hash of the record as the source had it. With it, an import tells a record it wrote from the publisher's own,
 * a file the publisher edited since from one left as written, and a record the source changed from one it did not.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseRecordFile } from '../../../src/lib/records/parse-record-file.ts';

/** The state file's name inside the out folder. */
export const STATE_FILE = '.import-state.json';

/** One imported record: its file (relative to the folder), the hash of the file's data and of the source's record. */
export interface StateEntry {
  file: string;
  data: string;
  source: string;
}

/** Every source imported into the folder: API base → id → entry. */
export interface ImportState {
  sources: Record<string, Record<string, StateEntry>>;
}

/** JSON with object keys sorted at every depth: the same data always gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** A SHA-256 of `value`'s data, independent of key order. */
export function hashOf(value: unknown): string {
  return `sha256:${createHash('sha256').update(canonical(value)).digest('hex')}`;
}

/**
 * The hash of a record file's data (its frontmatter as the build reads it, and its body), or undefined when the file
 * cannot be read: comments, quotes, key order and blank lines are not data, so editing only those changes nothing.
 */
export function fileDataHash(text: string): string | undefined {
  const parsed = parseRecordFile('import', text);
  return parsed.ok ? hashOf({ frontmatter: parsed.value.frontmatter, body: parsed.value.body }) : undefined;
}

/** Reads the folder's state; a missing file is an empty state, an unreadable one too, with a warning saying so. */
export async function readImportState(dir: string): Promise<{ state: ImportState; text?: string; warning?: string }> {
  const path = join(dir, STATE_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: { sources: {} } };
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<ImportState>;
    const sources = parsed?.sources;
    if (sources === null || typeof sources !== 'object' || Array.isArray(sources))
      throw new Error('no "sources" object');
    const clean: ImportState['sources'] = {};
    for (const [source, records] of Object.entries(sources)) {
      clean[source] = {};
      for (const [id, entry] of Object.entries(records ?? {}))
        if (typeof entry?.file === 'string' && typeof entry.data === 'string' && typeof entry.source === 'string')
          clean[source][id] = { file: entry.file, data: entry.data, source: entry.source };
    }
    return { state: { sources: clean }, text };
  } catch (error) {
    return {
      state: { sources: {} },
      text,
      warning: `${path}: not a state file this import can read (${(error as Error).message}); every record is treated as not written by an import, so none is overwritten or pruned, and the file is rewritten`,
    };
  }
}

/** The state file's text: sources and ids sorted, so that an import that changes nothing writes the same bytes. */
export function stateText(state: ImportState): string {
  const sources = Object.fromEntries(
    Object.keys(state.sources)
      .sort()
      .filter((source) => Object.keys(state.sources[source]!).length > 0)
      .map((source) => {
        const records = state.sources[source]!;
        return [
          source,
          Object.fromEntries(
            Object.keys(records)
              .sort()
              .map((id) => [id, records[id]]),
          ),
        ];
      }),
  );
  return `${JSON.stringify(
    {
      about:
        "Written by npm run import (docs/publishing.md#importing-an-existing-corpus-npm-run-import): per source, the records it wrote and a hash of their data. Deleting this file makes the next import treat every file as the publisher's own.",
      sources,
    },
    null,
    2,
  )}\n`;
}
