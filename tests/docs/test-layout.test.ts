/** The tests are grouped by the feature they cover: tests/<feature>/<name>.test.ts, so that one who changes search finds its tests together. */
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './imports.ts';

/** Folder names that say a test's kind instead of its feature (e2e is Playwright's folder: a runner, kept apart). */
const KIND_FOLDERS = ['unit', 'integration', 'misc', 'other'];

describe('test layout', () => {
  const tests = sourceFiles('tests').filter((file) => /\.(test|spec)\.ts$/.test(file));

  it('finds the tests', () => {
    expect(tests.length).toBeGreaterThan(100);
  });

  it('puts every test file one folder deep, in the folder of its feature', () => {
    expect(tests.filter((file) => file.split('/').length !== 3)).toEqual([]);
    expect(tests.filter((file) => KIND_FOLDERS.includes(file.split('/')[1]!))).toEqual([]);
  });
});
