/** `npm run corpus:demo-manifest`: records the demonstration corpus (content/records) in content/demo-corpus.sha256. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEMO_MANIFEST, sha256 } from '../src/lib/records/demo-corpus.ts';

if (process.argv.includes('--help')) {
  console.log(`usage: npm run corpus:demo-manifest
  Writes ${DEMO_MANIFEST}: the sha256 of every file of content/records, marking them as the demonstration corpus.
  Project maintainers run it after changing the demonstration records. A publisher never needs it: the demonstration
  tests run only on the files listed there whose bytes still match, so your own records are never held to them.`);
  process.exit(0);
}
const names = (await readdir('content/records')).filter((name) => name.endsWith('.md')).sort();
const lines = await Promise.all(
  names.map(async (name) => `${sha256(await readFile(join('content/records', name)))}  records/${name}`),
);
await writeFile(DEMO_MANIFEST, `${lines.join('\n')}\n`);
console.log(`${names.length} demonstration records listed in ${DEMO_MANIFEST}`);
