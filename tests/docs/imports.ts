/** The import graph of src/ and scripts/, read with TypeScript's own pre-processor, for the import-rule tests. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from './markdown.ts';

/** One import: the importing file, the specifier as written, and, for a relative one, the file it names (relative to the root). */
export interface ImportEdge {
  from: string;
  specifier: string;
  target?: string | undefined;
}

/** Every .ts, .mjs and .astro file under a folder of the repository, as paths relative to the root. */
export function sourceFiles(folder: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return /\.(ts|mjs|astro)$/.test(name) ? [relative(ROOT, path)] : [];
    });
  return walk(join(ROOT, folder));
}

/** The imports of one file: static, type-only, re-exports and dynamic import() alike (an .astro file's frontmatter and scripts included). */
export function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return ts.preProcessFile(text, true, true).importedFiles.map(({ fileName }) => ({
    from: file,
    specifier: fileName,
    target: fileName.startsWith('.') ? relative(ROOT, join(ROOT, dirname(file), fileName)) : undefined,
  }));
}

/** The imports of every source file under a folder. */
export function importsUnder(folder: string): ImportEdge[] {
  return sourceFiles(folder).flatMap(importsOf);
}

/** How an import reads in a failure message. */
export function describeEdge(edge: ImportEdge): string {
  return `${edge.from} imports ${edge.specifier}`;
}
