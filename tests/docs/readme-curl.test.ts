import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteServer, type RunningServer } from '../support/site-server.ts';
import { codeBlocks, readDoc } from './markdown.ts';

/** A curl example of the README: the command as written, the status its comment shows, and the body shown after it, if any. */
interface CurlExample {
  command: string;
  status: number;
  shownBody?: string;
}

/** Every `curl` line of the README's code blocks; the comment line above it ends with the status in brackets, e.g. "(200)". */
function curlExamples(): CurlExample[] {
  return codeBlocks(readDoc('README.md')).flatMap((block) => {
    const lines = block.split('\n');
    return lines.flatMap((line, index) => {
      if (!line.startsWith('curl ')) return [];
      const status = /\((\d{3})\)\s*$/.exec(lines[index - 1] ?? '')?.[1];
      const next = lines[index + 1] ?? '';
      return [
        {
          command: line,
          status: Number(status ?? NaN),
          ...(next.startsWith('# {') ? { shownBody: next.slice(2) } : {}),
        },
      ];
    });
  });
}

/** Same JSON shape: the same keys, the same strings and booleans; numbers only need to be numbers (the test build has a few more records). */
function sameShape(actual: unknown, shown: unknown): boolean {
  if (typeof shown === 'number') return typeof actual === 'number';
  if (Array.isArray(shown))
    return (
      Array.isArray(actual) && actual.length === shown.length && shown.every((item, i) => sameShape(actual[i], item))
    );
  if (shown !== null && typeof shown === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return false;
    const keys = Object.keys(shown);
    return (
      keys.length === Object.keys(actual).length &&
      keys.every((key) => sameShape((actual as Record<string, unknown>)[key], (shown as Record<string, unknown>)[key]))
    );
  }
  return actual === shown;
}

const run = promisify(execFile);
let server: RunningServer;
beforeAll(async () => {
  server = await startSiteServer({ RATE_LIMIT_PER_MINUTE: 1000 });
});
afterAll(() => server.close());

describe('the curl examples of README.md', () => {
  const examples = curlExamples();

  it('are there, each with the status it shows', () => {
    expect(examples.length).toBeGreaterThanOrEqual(8);
    expect(examples.filter((example) => Number.isNaN(example.status)).map((example) => example.command)).toEqual([]);
  });

  it.each(examples.map((example) => [example.command, example] as const))('%s', async (_, example) => {
    // The README's own command, run by the shell, against the test server instead of localhost:4321 (or the edge's 8787).
    const command = `${example.command.replace(/http:\/\/localhost:(4321|8787)/g, server.origin)} -w '\\n%{http_code}'`;
    const { stdout } = await run('sh', ['-c', command], { maxBuffer: 16 * 2 ** 20 });
    const lines = stdout.split('\n');
    expect(Number(lines.at(-1))).toBe(example.status);
    if (example.shownBody) {
      const body = JSON.parse(lines.slice(0, -1).join('\n')) as unknown;
      expect(
        sameShape(body, JSON.parse(example.shownBody)),
        `${JSON.stringify(body)} against ${example.shownBody}`,
      ).toBe(true);
    }
  });
});
