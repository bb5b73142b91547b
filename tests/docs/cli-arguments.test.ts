/** Every command line says what is wrong with its arguments in one line, then its usage, and exits 2. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { KINDS } from '../../src/lib/schema/vocabulary.ts';
import { apiBaseOf } from '../../src/conformance/api-base.ts';
import { suggestSlug } from '../../scripts/lib/record-args.ts';

/** Runs `node scripts/<file> ...args`; the first stderr line, the second, and the exit code. */
function refused(file: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [`scripts/${file}`, ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, CONTENT_DIR: '/nonexistent/permis-facts' },
  });
  const [first, second] = run.stderr.split('\n');
  return { status: run.status, first, second, stdout: run.stdout };
}

describe('a wrong argument gets one line saying what is wrong, then the usage', () => {
  it('record:new names a bad kind and lists the kinds, a bad slug and suggests one, a missing or extra argument', () => {
    const usage = 'usage: npm run record:new -- <kind> <slug> [--dir DIR]';
    expect(refused('record-new.ts', 'fiche', 'essai')).toMatchObject({
      status: 2,
      first: `"fiche" is not a kind; the kinds are ${KINDS.join(', ')} (« fiche » is the site's word for a record of any kind; a rule is kind fact)`,
      second: usage,
    });
    expect(refused('record-new.ts', 'facts', 'essai').first).toBe(
      `"facts" is not a kind; the kinds are ${KINDS.join(', ')}`,
    );
    expect(refused('record-new.ts', 'fact', 'Mon Test')).toMatchObject({
      status: 2,
      first:
        '"Mon Test" is not a slug: a slug is the file name without .md, lowercase letters and digits in words joined by single hyphens; try mon-test',
      second: usage,
    });
    expect(refused('record-new.ts')).toMatchObject({ status: 2, first: 'missing <kind> and <slug>', second: usage });
    expect(refused('record-new.ts', 'fact')).toMatchObject({ status: 2, first: 'missing <slug>', second: usage });
    expect(refused('record-new.ts', 'fact', 'a', 'b')).toMatchObject({
      status: 2,
      first: 'unexpected argument "b": the command takes only <kind> and <slug>',
      second: usage,
    });
    expect(refused('record-new.ts', 'fact', 'a', '--folder', 'x')).toMatchObject({ status: 2, second: usage });
    expect(refused('record-new.ts', 'fact', 'a', '--folder', 'x').first).toMatch(/^Unknown option '--folder'/);
  });

  it('record:id says the same', () => {
    expect(refused('record-id.ts', 'fact', 'Été 2026')).toMatchObject({
      status: 2,
      first:
        '"Été 2026" is not a slug: a slug is the file name without .md, lowercase letters and digits in words joined by single hyphens; try ete-2026',
      second: 'usage: npm run -s record:id -- <kind> <slug>',
    });
  });

  it('import names a missing, extra or wrong address and an unknown option', () => {
    const usage = 'usage: npm run import -- <base_url> [--out DIR] [--prune] [--overwrite] [--dry-run] [--walk]';
    expect(refused('import.ts')).toMatchObject({ status: 2, first: 'missing <base_url>', second: usage });
    expect(refused('import.ts', 'http://a.test', 'http://b.test')).toMatchObject({
      status: 2,
      first: 'expected one <base_url>, got 2: http://a.test http://b.test',
      second: usage,
    });
    expect(refused('import.ts', 'example.org')).toMatchObject({
      status: 2,
      first: '"example.org" is not an absolute http(s) address; give the site\'s address, e.g. https://example.org',
      second: usage,
    });
    expect(refused('import.ts', 'http://a.test/api/v1/facts')).toMatchObject({
      status: 2,
      first:
        "http://a.test/api/v1/facts is inside the API, not its base; give http://a.test/api/v1 or the site's address http://a.test/",
    });
    expect(refused('import.ts', 'http://a.test', '--purge').first).toMatch(/^Unknown option '--purge'/);
  });

  it('conformance, client:pack and npm test too', () => {
    const usage = 'usage: npm run conformance -- <base_url> [--skip-rate-limit]';
    expect(refused('conformance.ts')).toMatchObject({ status: 2, first: 'missing <base_url>', second: usage });
    expect(refused('conformance.ts', 'http://a.test/api')).toMatchObject({
      status: 2,
      first:
        "http://a.test/api is inside the API, not its base; give http://a.test/api/v1 or the site's address http://a.test/",
      second: usage,
    });
    expect(refused('conformance.ts', 'http://a.test', '--fast')).toMatchObject({
      status: 2,
      first: 'unknown option --fast',
      second: usage,
    });
    expect(refused('client-pack.ts', 'one', 'two')).toMatchObject({
      status: 2,
      first: 'client:pack: expected at most one destination, got 2: one two',
      second: 'usage: npm run client:pack [-- DESTINATION]',
    });
    // npm test takes no argument: one file is npx vitest run <file> or npx playwright test <file>.
    expect(refused('test.ts', 'tests/api/routes.test.ts')).toMatchObject({
      status: 2,
      first: 'unexpected argument "tests/api/routes.test.ts": npm test takes none',
      second: 'usage: npm test   (npm run lint, then node scripts/test.ts)',
    });
  });
});

describe('the address of a deployment', () => {
  it('is the site or its API base; a site under a folder keeps the folder', () => {
    expect(apiBaseOf('http://a.test')).toEqual({ ok: true, base: 'http://a.test/api/v1', fromSite: true });
    expect(apiBaseOf('http://a.test/permis/')).toEqual({
      ok: true,
      base: 'http://a.test/permis/api/v1',
      fromSite: true,
    });
    expect(apiBaseOf('http://a.test/api/v1/')).toEqual({ ok: true, base: 'http://a.test/api/v1', fromSite: false });
    expect(apiBaseOf('http://a.test/?q=1')).toEqual({
      ok: false,
      problem:
        "http://a.test/?q=1 has a query or fragment; give the site's address http://a.test/ or its API base http://a.test/api/v1",
    });
  });

  it('suggests a slug from any text', () => {
    expect(['Mon Test', '  Permis B — théorie!  ', 'déjà-vu_2', '***'].map(suggestSlug)).toEqual([
      'mon-test',
      'permis-b-theorie',
      'deja-vu-2',
      '',
    ]);
  });
});
