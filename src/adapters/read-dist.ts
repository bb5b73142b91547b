/** Node-only: reads build artefacts from the output directory, refusing any path that leaves it. */
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { ReadArtefact } from '../lib/api/artefacts.ts';

/** A ReadArtefact over `dir`: null for a missing file, an error for anything else (the handler answers 503). */
export function readDist(dir: string): ReadArtefact {
  const root = resolve(dir);
  return async (path) => {
    const file = resolve(root, path);
    if (!file.startsWith(root + sep)) return null;
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
      throw error;
    }
  };
}
