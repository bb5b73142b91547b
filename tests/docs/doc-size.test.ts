import { describe, expect, it } from 'vitest';
import { docFiles, readDoc } from './markdown.ts';

/** Word limits: any document, and ARCHITECTURE.md, a codemap read in ten minutes. */
const DOC_WORD_LIMITS = { any: 5_000, 'ARCHITECTURE.md': 1_200 } as const;

/** Words as `wc -w` counts them: runs of non-space characters. */
function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

/** The limit that applies to a document. */
function limitOf(path: string): number {
  return path === 'ARCHITECTURE.md' ? DOC_WORD_LIMITS['ARCHITECTURE.md'] : DOC_WORD_LIMITS.any;
}

/** One line per document over its limit, naming the file, its count and the limit. */
function oversized(docs: { path: string; text: string }[]): string[] {
  return docs
    .map(({ path, text }) => ({ path, words: wordCount(text), limit: limitOf(path) }))
    .filter(({ words, limit }) => words > limit)
    .map(
      ({ path, words, limit }) =>
        `${path}: ${words.toLocaleString('en-US')} words, over the limit of ${limit.toLocaleString('en-US')}`,
    );
}

describe('the size of README.md, ARCHITECTURE.md and docs/', () => {
  it('no document is over 5,000 words, and ARCHITECTURE.md is at most 1,200', () => {
    const docs = docFiles().map((path) => ({ path, text: readDoc(path) }));
    expect(docs.map((doc) => doc.path)).toContain('ARCHITECTURE.md');
    expect(docs.length).toBeGreaterThan(2);
    expect(oversized(docs)).toEqual([]);
  });

  it('counts words as wc -w does', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('  one\ttwo\n\nthree `four` | 5 |  ')).toBe(7);
  });

  it('names a document over its limit with its count', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'mot').join(' ');
    expect(
      oversized([
        { path: 'docs/long.md', text: words(5_001) },
        { path: 'docs/limit.md', text: words(5_000) },
        { path: 'ARCHITECTURE.md', text: words(1_201) },
        { path: 'README.md', text: words(1_201) },
      ]),
    ).toEqual([
      'docs/long.md: 5,001 words, over the limit of 5,000',
      'ARCHITECTURE.md: 1,201 words, over the limit of 1,200',
    ]);
  });
});
