/**
 * The serialised index as several files: a head (document tables) and term chunks, so no file
 * outgrows what static hosts accept. Reassembled, it is exactly the index that was built.
 */
import type MiniSearch from 'minisearch';
import type { AsPlainObject } from 'minisearch';
import type { SearchDocument } from './search-options.ts';

/** Most characters in one term chunk (JSON); 4 MiB keeps every file far below hosts' 25 MiB limits. */
export const CHUNK_CHARS = 4 * 2 ** 20;

/** The head file: the index without its terms, and how many chunk files hold them. */
export interface IndexHead extends Omit<AsPlainObject, 'index'> {
  chunks: number;
}

/** Path of a chunk file under the site root, shared by build, server and browser. */
export function chunkPath(n: number): string {
  return `search/index-${n}.json`;
}

/** Splits a built index into a head and term chunks of at most `chunkChars` characters each. */
export function splitIndex(index: MiniSearch<SearchDocument>, chunkChars = CHUNK_CHARS): { head: string; chunks: string[] } {
  const { index: terms, ...rest } = index.toJSON();
  const chunks: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const entry of terms) {
    const json = JSON.stringify(entry);
    if (current.length > 0 && size + json.length + 1 > chunkChars) {
      chunks.push(`[${current.join(',')}]`);
      current = [];
      size = 2;
    }
    current.push(json);
    size += json.length + 1;
  }
  if (current.length > 0 || chunks.length === 0) chunks.push(`[${current.join(',')}]`);
  const head: IndexHead = { ...rest, chunks: chunks.length };
  return { head: JSON.stringify(head), chunks };
}

/** Reassembles the plain serialised index from its head and chunks (MiniSearch.loadJS takes it as is). */
export async function loadIndex(head: string, readChunk: (n: number) => Promise<string>): Promise<AsPlainObject> {
  const { chunks, ...rest } = JSON.parse(head) as IndexHead;
  const parts = await Promise.all(Array.from({ length: chunks }, (_, n) => readChunk(n)));
  const js: AsPlainObject = { ...rest, index: parts.flatMap((part) => JSON.parse(part) as AsPlainObject['index']) };
  return js;
}
