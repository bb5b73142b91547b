import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecords } from '../../src/lib/records/read-records.ts';
import type { RecordError } from '../../src/lib/records/friendly-errors.ts';
import { TEMPLATE_PLACEHOLDERS } from '../../src/lib/records/record-template.ts';
import { idForSlug } from '../../src/lib/records/new-id.ts';
import { KIND_DATA_FIELD, RecordFrontmatterSchema } from '../../src/lib/schema/record-file.ts';
import {
  OfferDataSchema,
  OrganizationDataSchema,
  PersonDataSchema,
  ProfessionalDataSchema,
} from '../../src/lib/schema/data-objects.ts';
import { KINDS } from '../../src/lib/schema/vocabulary.ts';

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/record-new.ts', ...args], { encoding: 'utf8' });
const DATA = {
  organization_data: OrganizationDataSchema,
  person_data: PersonDataSchema,
  offer_data: OfferDataSchema,
  professional_data: ProfessionalDataSchema,
};

describe('npm run record:new', () => {
  it('writes, for every kind, a file valid once its placeholders are replaced, with the id of its slug and every field of the kind, commented', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'permis-new-'));
    for (const kind of KINDS) expect(run(kind, `essai-${kind}`, '--dir', dir).status).toBe(0);
    // As written, every kind's template is refused for its placeholders, and for nothing else.
    const refused = await readRecords(dir, 'https://permis.example').then(
      () => [],
      (error: RecordError) => error.problems,
    );
    expect(refused.length).toBeGreaterThanOrEqual(KINDS.length * 3);
    for (const problem of refused)
      expect(problem.split('\n')[0]).toMatch(
        /^.+\.md:\d+: [\w.[\]]+: replace the template's (TODO placeholder|example source|example price_eur), got .+$/,
      );
    for (const kind of KINDS) {
      const path = join(dir, `essai-${kind}.md`);
      const text = await readFile(path, 'utf8');
      await writeFile(
        path,
        text
          .replaceAll('TODO', 'Essai')
          .replace(TEMPLATE_PLACEHOLDERS.sourceUrl, 'https://mobilit.belgium.be/fr')
          .replace(`price_eur: ${TEMPLATE_PLACEHOLDERS.fields.price_eur}`, 'price_eur: 45'),
      );
    }
    const facts = await readRecords(dir, 'https://permis.example');
    expect(facts.map((f) => f.id).sort()).toEqual(KINDS.map((kind) => idForSlug(kind, `essai-${kind}`)).sort());
    for (const kind of KINDS) {
      const text = await readFile(join(dir, `essai-${kind}.md`), 'utf8');
      const data = KIND_DATA_FIELD[kind];
      const fields = [
        ...Object.keys(RecordFrontmatterSchema.shape).filter((f) => !f.endsWith('_data')),
        ...(data ? [data, ...Object.keys(DATA[data].shape)] : []),
      ];
      for (const field of fields) expect(text, `${kind}: ${field}`).toMatch(new RegExp(`^\\s*(# )?${field}:`, 'm'));
      for (const other of Object.keys(DATA)) if (other !== data) expect(text).not.toContain(`${other}:`);
      // Each field line follows its description.
      expect(text).toMatch(/# Title\ntitle: /);
    }
  });

  it('check:records refuses a template left as written, naming the file, line and placeholder; the bundled corpus alone passes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'permis-new-'));
    await cp('content/records', dir, { recursive: true });
    const check = () =>
      spawnSync(process.execPath, ['scripts/check-records.ts'], {
        encoding: 'utf8',
        env: { ...process.env, CONTENT_DIR: dir },
      });
    expect(check().status).toBe(0);
    expect(run('fact', 'mon-test', '--dir', dir).status).toBe(0);
    const failed = check();
    expect(failed.status).toBe(1);
    const heads = failed.stderr
      .split('\n')
      .filter((line) => line.startsWith('  - '))
      .map((line) => line.slice(4));
    const file = join(dir, 'mon-test.md');
    expect(heads).toEqual([
      `${file}:7: title: replace the template's TODO placeholder, got "TODO: le titre de la fiche"`,
      `${file}:12: sources[0].url: replace the template's example source, got "${TEMPLATE_PLACEHOLDERS.sourceUrl}"`,
      `${file}:13: sources[0].label: replace the template's TODO placeholder, got "TODO: nom de la source"`,
      `${file}:38: text: replace the template's TODO placeholder, got "TODO: le texte de la fiche, en Markdown. Le premier paragrap…"`,
    ]);
    // An example date uncommented as written is refused too.
    const text = (await readFile(file, 'utf8')).replace('# verified_at:', 'verified_at:');
    await writeFile(file, text);
    expect(check().stderr).toContain(`${file}:16: verified_at: replace the template's example date, got "1900-01-01"`);
    // Four commands one after another, each reading the whole corpus: 30 s was too short on a loaded 2-core machine.
  }, 90_000);

  it('refuses the example contact and price of a template whose optional fields are uncommented as written', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'permis-new-'));
    for (const kind of ['offer', 'organization'] as const) {
      expect(run(kind, `essai-${kind}`, '--dir', dir).status).toBe(0);
      const path = join(dir, `essai-${kind}.md`);
      const text = (await readFile(path, 'utf8'))
        .replaceAll('TODO', 'Essai')
        .replace(TEMPLATE_PLACEHOLDERS.sourceUrl, 'https://mobilit.belgium.be/fr')
        // Every optional data field uncommented, as a publisher filling the form would.
        .replace(/^( {2,})# ([a-z_]+:.*)$/gm, '$1$2')
        .replace(/^( {4,})# (.*)$/gm, '$1$2');
      await writeFile(path, text);
    }
    const problems = await readRecords(dir, 'https://permis.example').then(
      () => [],
      (error: RecordError) => error.problems.map((p) => p.split('\n')[0]!.replace(`${dir}/`, '')),
    );
    expect(problems.filter((p) => p.includes("the template's example"))).toEqual([
      "essai-offer.md:46: offer_data.price_eur: replace the template's example price_eur, got 999999",
      'essai-offer.md:54: offer_data.valid_until: replace the template\'s example date, got "1900-01-01"',
      'essai-organization.md:46: organization_data.website: replace the template\'s example website, got "https://www.example.be"',
      'essai-organization.md:48: organization_data.phone: replace the template\'s example phone, got "+32 2 000 00 00"',
      'essai-organization.md:50: organization_data.email: replace the template\'s example email, got "info@example.be"',
      'essai-organization.md:58: organization_data.enterprise_number: replace the template\'s example enterprise_number, got "0123.456.789"',
    ]);
    // An example left in place marks no offer or organization as invented.
    for (const kind of ['offer', 'organization'])
      expect(await readFile(join(dir, `essai-${kind}.md`), 'utf8')).toMatch(/^ {2}fictional: false$/m);
  });

  it('refuses to overwrite a file, a bad kind or slug, and answers --help', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'permis-new-'));
    expect(run('fact', 'une-fiche', '--dir', dir).status).toBe(0);
    const again = run('fact', 'une-fiche', '--dir', dir);
    expect([again.status, again.stderr]).toEqual([
      1,
      `${join(dir, 'une-fiche.md')} exists already; choose another slug\n`,
    ]);
    expect(run('facts', 'x', '--dir', dir).stderr).toContain('kind: one of fact, expertise');
    expect(run('fact', 'Pas Bon', '--dir', dir).status).toBe(2);
    const help = run('--help');
    expect([help.status, help.stdout.startsWith('usage: npm run record:new -- <kind> <slug>')]).toEqual([0, true]);
  });
});
