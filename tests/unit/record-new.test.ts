import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { idForSlug } from '../../src/lib/records/new-id.ts';
import { KIND_DATA_FIELD, RecordFrontmatterSchema } from '../../src/lib/schema/record-file.ts';
import { OfferDataSchema, OrganizationDataSchema, PersonDataSchema, ProfessionalDataSchema } from '../../src/lib/schema/data-objects.ts';
import { KINDS } from '../../src/lib/schema/vocabulary.ts';

const run = (...args: string[]) => spawnSync(process.execPath, ['scripts/record-new.ts', ...args], { encoding: 'utf8' });
const DATA = { organization_data: OrganizationDataSchema, person_data: PersonDataSchema, offer_data: OfferDataSchema, professional_data: ProfessionalDataSchema };

describe('npm run record:new', () => {
  it('writes, for every kind, a valid file with the id of its slug and every field of the kind, commented', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'permis-new-'));
    for (const kind of KINDS) expect(run(kind, `essai-${kind}`, '--dir', dir).status).toBe(0);
    const facts = await readRecords(dir, 'https://permis.example');
    expect(facts.map((f) => f.id).sort()).toEqual(KINDS.map((kind) => idForSlug(kind, `essai-${kind}`)).sort());
    for (const kind of KINDS) {
      const text = await readFile(join(dir, `essai-${kind}.md`), 'utf8');
      const data = KIND_DATA_FIELD[kind];
      const fields = [...Object.keys(RecordFrontmatterSchema.shape).filter((f) => !f.endsWith('_data')), ...(data ? [data, ...Object.keys(DATA[data].shape)] : [])];
      for (const field of fields) expect(text, `${kind}: ${field}`).toMatch(new RegExp(`^\\s*(# )?${field}:`, 'm'));
      for (const other of Object.keys(DATA)) if (other !== data) expect(text).not.toContain(`${other}:`);
      // Each field line follows its description.
      expect(text).toMatch(/# Title\ntitle: /);
    }
  });

  it('refuses to overwrite a file, a bad kind or slug, and answers --help', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'permis-new-'));
    expect(run('fact', 'une-fiche', '--dir', dir).status).toBe(0);
    const again = run('fact', 'une-fiche', '--dir', dir);
    expect([again.status, again.stderr]).toEqual([1, `${join(dir, 'une-fiche.md')} exists already; choose another slug\n`]);
    expect(run('facts', 'x', '--dir', dir).stderr).toContain('kind: one of fact, expertise');
    expect(run('fact', 'Pas Bon', '--dir', dir).status).toBe(2);
    const help = run('--help');
    expect([help.status, help.stdout.startsWith('usage: npm run record:new -- <kind> <slug>')]).toEqual([0, true]);
  });
});
