import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, docFiles, readDoc, relativeLinks, ROOT } from './markdown.ts';

describe('links in README.md, ARCHITECTURE.md and docs/', () => {
  it('every relative link points at a file that exists', () => {
    const broken = docFiles().flatMap((path) =>
      relativeLinks(path, readDoc(path))
        .filter((link) => !existsSync(join(ROOT, link.file)))
        .map((link) => `${path}: ${link.text}`),
    );
    expect(broken).toEqual([]);
  });

  it('every anchor names a heading of the file it points at', () => {
    const broken = docFiles().flatMap((path) =>
      relativeLinks(path, readDoc(path))
        .filter(
          (link) => link.anchor !== '' && link.file.endsWith('.md') && !anchorsOf(readDoc(link.file)).has(link.anchor),
        )
        .map((link) => `${path}: ${link.text}`),
    );
    expect(broken).toEqual([]);
  });

  it('the README stays under 12 KB', () => {
    expect(Buffer.byteLength(readDoc('README.md'))).toBeLessThanOrEqual(12 * 1024);
  });
});
