import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import { contentProblems, errorOverlay, type ErrorPayload } from '../../scripts/lib/dev-error-overlay.ts';
import { readSettings } from '../../src/lib/config.ts';
import { factFrontmatter, recordSource, topicsProblems, writeInvalidContent } from '../support/records.ts';

/** A stand-in for the dev server: what the overlay sends to the page, as a queue of promises. */
function fakeServer() {
  const sent: { type: string }[] = [];
  const waiting: ((payload: { type: string }) => void)[] = [];
  const send = (payload: { type: string }) => {
    const next = waiting.shift();
    if (next) next(payload);
    else sent.push(payload);
  };
  const server = {
    environments: { client: { hot: { send } } },
    ws: { on: () => {} },
  } as unknown as ViteDevServer;
  const next = () => new Promise<{ type: string }>((done) => (sent.length ? done(sent.shift()!) : waiting.push(done)));
  return { server, next };
}

describe("npm run dev's error overlay (dev-error-overlay.ts)", () => {
  it('picks up a fix that came with no watcher event, and has the records read again once it is fixed', async () => {
    const content = await mkdtemp(join(tmpdir(), 'permis-overlay-'));
    const records = join(content, 'records');
    await mkdir(records);
    const file = join(records, 'a.md');
    await writeFile(file, recordSource(factFrontmatter({ title: 'Valide' }), 'Le texte.'));
    await writeFile(join(content, 'synonyms.yaml'), '[]\n');
    const settings = readSettings({ CONTENT_DIR: records, SYNONYMS_FILE: join(content, 'synonyms.yaml') });
    const { server, next } = fakeServer();
    let stale: (file: string) => void = () => {};
    const staleFile = new Promise<string>((done) => (stale = done));
    let fixed = 0;
    const check = errorOverlay(server, settings, { stale, fixed: () => void (fixed += 1) });
    await writeFile(
      file,
      recordSource(factFrontmatter({ title: 'Invalide' }), '').replace(/^kind: .*$/m, 'kind: [oops'),
    );
    check();
    const error = (await next()) as ErrorPayload;
    expect(error.type).toBe('error');
    expect(error.err.message).toMatch(/a\.md:\d+: \(frontmatter\): invalid YAML/);
    // The fix is saved, and the watcher says nothing of it: the overlay finds it by itself.
    await writeFile(file, recordSource(factFrontmatter({ title: 'Corrigée' }), 'Le texte.'));
    expect(await staleFile).toBe(file);
    // The dev integration handles it as a change: the check clears the overlay with one reload, and the records are read again.
    check();
    expect(await next()).toEqual({ type: 'full-reload', path: '*' });
    expect(fixed).toBe(1);
  });

  it('lists the problems of an invalid record and of the topics file together', async () => {
    const { content, records } = await writeInvalidContent('[]\n');
    const settings = readSettings({ CONTENT_DIR: records, SYNONYMS_FILE: join(content, 'synonyms.yaml') });
    const problems = await contentProblems(settings, new Map());
    expect(problems.map((problem) => `  - ${problem.split('\n')[0]}`)).toEqual([
      `  - ${join(records, 'broken.md')}:6: regions[0]: Invalid option: expected one of "wallonie"|"bruxelles"|"flandre"|"belgique", got "bxl"`,
      ...topicsProblems(join(content, 'topics.yaml')).slice(1),
    ]);
  });
});
