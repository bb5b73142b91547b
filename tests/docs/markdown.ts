/** Reading the project's documentation for the docs tests: the files, their links, headings, code blocks. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import GithubSlugger from 'github-slugger';

/** The repository's root. */
export const ROOT = join(import.meta.dirname, '../..');

/** README.md, ARCHITECTURE.md and every markdown file of docs/, as paths relative to the root. */
export function docFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', 'ARCHITECTURE.md', ...docs];
}

/** A file's text, by path relative to the root. */
export function readDoc(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

/** The text outside fenced code blocks and inline code, where links and headings live. */
export function proseOf(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Fenced code blocks of a file, each as its text. */
export function codeBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```[^\n]*\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
}

/** The anchors GitHub gives a file's headings (github-slugger, duplicates numbered as GitHub does). */
export function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const headings = [...proseOf(markdown.replace(/`([^`\n]*)`/g, '$1')).matchAll(/^#{1,6} (.+)$/gm)];
  return new Set(headings.map((match) => slugger.slug((match[1] ?? '').trim())));
}

/** Every relative link of a file: its target path (relative to the root) and anchor. External and mail links are left out. */
export function relativeLinks(path: string, markdown: string): { text: string; file: string; anchor: string }[] {
  const links = [...proseOf(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
  return links
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => {
      const [file = '', anchor = ''] = target.split('#');
      const resolved = file === '' ? path : relative(ROOT, join(ROOT, path, '..', file));
      return { text: target, file: resolved, anchor };
    });
}
