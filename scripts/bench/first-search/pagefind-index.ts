/** Indexes a build's record pages with Pagefind (the `pagefind` package's Node API, default settings). */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as pagefind from 'pagefind';

/** Writes a Pagefind bundle for every page under dist/fiches/ into a new temporary directory; returns the bundle's path. */
export async function buildPagefindBundle(distDir: string): Promise<string> {
  const out = await mkdtemp(join(tmpdir(), 'bench-pagefind-'));
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  for (const id of await readdir(join(distDir, 'fiches'))) {
    const file = join(distDir, 'fiches', id, 'index.html');
    const content = await readFile(file, 'utf8').catch(() => null);
    if (content === null) continue;
    const added = await index.addHTMLFile({ url: `/fiches/${id}/`, content });
    if (added.errors.length) throw new Error(`pagefind: ${id}: ${added.errors.join('; ')}`);
  }
  const written = await index.writeFiles({ outputPath: join(out, 'pagefind') });
  if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
  await pagefind.close();
  return join(out, 'pagefind');
}
