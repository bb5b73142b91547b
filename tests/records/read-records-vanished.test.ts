import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { factFrontmatter, recordSource, writeCorpus } from '../support/records.ts';

// sed -i writes a temp file (sedXXXXXX) beside the record and renames it over the record: the loader can list the
// temp file and read on after it is gone. Here the rename happens while a.md is being read.
const during = vi.hoisted(() => ({ action: undefined as undefined | (() => Promise<void>) }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = async (...args: Parameters<typeof fs.readFile>) => {
    const action = during.action;
    during.action = undefined;
    await action?.();
    return fs.readFile(...args);
  };
  return { ...fs, default: { ...fs, readFile }, readFile };
});

// Files share a worker's modules (vitest.config.ts, isolate: false): the loader is imported afresh, so it gets the mock.
let readRecords: typeof import('../../src/lib/records/read-records.ts').readRecords;
beforeAll(async () => {
  vi.resetModules();
  ({ readRecords } = await import('../../src/lib/records/read-records.ts'));
});

async function sedRenameDuringRead(options?: { skipVanished: boolean }) {
  const dir = await writeCorpus({
    'a.md': recordSource(factFrontmatter()),
    sedX1y2Z3: recordSource(factFrontmatter({ title: 'Nouveau titre' })),
  });
  during.action = () => rename(join(dir, 'sedX1y2Z3'), join(dir, 'a.md'));
  return readRecords(dir, 'https://permis.example', undefined, options);
}

describe('a temp file gone before it is reported', () => {
  it('is not reported by npm run dev (skipVanished): the record is read', async () => {
    expect((await sedRenameDuringRead({ skipVanished: true })).map((f) => f.title)).toEqual(['Nouveau titre']);
  });

  it('is still reported by the build, which reads a folder nobody edits', async () => {
    await expect(sedRenameDuringRead()).rejects.toThrow(
      'sedX1y2Z3: (file): not a .md record file; remove it or rename it',
    );
  });
});
