/**
 * Node-only: which record files are the demonstration corpus shipped with the project. content/demo-corpus.sha256 lists
 * them in `sha256sum` format; a file counts as a demonstration record while its bytes still match. The tests of the
 * demonstration corpus's qualities (word counts, coverage of every kind and region) run on those files only, so a
 * publisher's own records, or demonstration records the publisher edited, are never held to them.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The manifest, relative to the project root; its paths are relative to its own folder (content/). */
export const DEMO_MANIFEST = 'content/demo-corpus.sha256';

/** The sha256 of some bytes, hex. */
export const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** Reads a manifest: path (relative to its folder) → sha256. */
export async function readDemoManifest(manifest: string): Promise<Map<string, string>> {
  const text = await readFile(manifest, 'utf8');
  return new Map(
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [hash, path] = [line.slice(0, 64), line.slice(66)];
        return [path, hash];
      }),
  );
}

/** The files of `manifest` that are present and unchanged under `folder`, as paths relative to `folder`. */
export async function intactDemoFiles(manifest: string, folder: string): Promise<string[]> {
  const entries = [...(await readDemoManifest(manifest))];
  const intact = await Promise.all(
    entries.map(async ([path, hash]) =>
      (await readFile(join(folder, path)).then(sha256, () => '')) === hash ? path : null,
    ),
  );
  return intact.filter((path): path is string => path !== null);
}
