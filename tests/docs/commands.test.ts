import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docFiles, readDoc, ROOT } from './markdown.ts';

const scripts = Object.keys(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
);

describe('commands and results named in the docs', () => {
  it('every `npm run X`, `npm start` and `npm test` in README.md, ARCHITECTURE.md and docs/ is a script of package.json', () => {
    const named = docFiles().flatMap((path) => [
      ...[...readDoc(path).matchAll(/npm run(?:\s+(?:-s|--silent))*\s+([a-z][a-z0-9:-]*[a-z0-9])/g)].map((match) => ({
        path,
        name: match[1]!,
      })),
      ...[...readDoc(path).matchAll(/npm (start|test)\b/g)].map((match) => ({ path, name: match[1]! })),
    ]);
    expect(named.length).toBeGreaterThan(20);
    expect(
      named.filter(({ name }) => !scripts.includes(name)).map(({ path, name }) => `${path}: npm run ${name}`),
    ).toEqual([]);
  });

  it('results files in bench/results hold no absolute path', () => {
    const absolute = new RegExp(
      `${ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|(^|[\\s"'(=:])/(home|work|tmp|root|usr|srv|var|opt|mnt|Users|private)/|[A-Z]:\\\\`,
      'm',
    );
    const files = readdirSync(join(ROOT, 'bench/results'));
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((name) => absolute.test(readFileSync(join(ROOT, 'bench/results', name), 'utf8')))).toEqual([]);
  });
});
