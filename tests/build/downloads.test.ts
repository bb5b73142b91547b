/** The downloads the test build wrote: the records equal a walk of /facts, the CSV parses, the metadata describes the files. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvText, oversizeProblem, CSV_FIELDS, DOWNLOAD_LIMITS } from '../../src/lib/publish/downloads.ts';
import { makeDownloads } from '../../src/lib/publish/make-downloads.ts';
import type { Downloads } from '../../src/lib/schema/downloads.ts';
import type { Catalogue } from '../../src/lib/schema/catalogue.ts';
import { FactSchema, type Fact } from '../../src/lib/schema/fact.ts';
import { get, testHandler } from '../support/api.ts';
import { testSettings } from '../support/test-build.ts';

const api = testHandler();
const file = (name: string) => readFile(join(testSettings.DIST_DIR, 'downloads', name));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const json = async <T>(path: string) => (await (await get(api, path)).json()) as T;
const profile = async (name: string) =>
  JSON.parse(await readFile(join(import.meta.dirname, '../fixtures/frictionless', name), 'utf8')) as object;

/** Every record of a walk of GET /facts as the spec says (pages of 50, advance by results read, dedup by id), as text. */
async function walkBodies(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let offset = 0, total = Infinity; offset < total; ) {
    const page = await json<{ results: Fact[]; total: number }>(`/api/v1/facts?po_live=1&limit=50&offset=${offset}`);
    total = page.total;
    if (page.results.length === 0) break;
    for (const fact of page.results)
      out.set(fact.id, await (await get(api, `/api/v1/facts/${fact.id}?po_live=1`)).text());
    offset += page.results.length;
  }
  return out;
}

describe('the JSON Lines download', () => {
  it('holds every record of a full walk of /facts, each line byte for byte the body of GET /facts/{id}, in id order', async () => {
    const lines = gunzipSync(await file('permis-facts.jsonl.gz'))
      .toString('utf8')
      .split('\n');
    expect(lines.pop()).toBe(''); // the file ends with a line break
    const walked = await walkBodies();
    expect(lines.length).toBe(walked.size);
    const ids = lines.map((line) => (JSON.parse(line) as Fact).id);
    expect(ids).toEqual([...walked.keys()].sort());
    for (const line of lines) expect(line).toBe(walked.get((JSON.parse(line) as Fact).id));
    for (const line of lines) expect(FactSchema.safeParse(JSON.parse(line)).success).toBe(true);
  });
});

describe('the CSV download', () => {
  it('parses with csv-parse into one row per record, with a byte order mark, CRLF line ends and the documented columns', async () => {
    const bytes = await file('permis-facts.csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe(`\ufeff${CSV_FIELDS.map((f) => f.name).join(',')}`);
    expect(text.replace(/"[^"]*"/g, '').match(/(?<!\r)\n/g)).toBeNull(); // every line break outside quotes is CRLF
    const rows = parse(bytes, { bom: true, columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
    const facts = gunzipSync(await file('permis-facts.jsonl.gz'))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Fact);
    expect(rows).toHaveLength(facts.length);
    for (const [i, fact] of facts.entries()) {
      const official = fact.sources.find((s) => s.type === 'official');
      expect(rows[i]).toEqual({
        id: fact.id,
        kind: fact.kind,
        title: fact.title,
        url: fact.url,
        regions: fact.regions.join(';'),
        verified_at: fact.verified_at ?? '',
        effective_from: fact.effective_from ?? '',
        modified_at: fact.modified_at ?? '',
        evidence_kind: fact.evidence_kind ?? '',
        verification_scope: fact.verification_scope ?? '',
        source_count: String(fact.sources.length),
        first_official_source: official?.url ?? '',
        first_official_source_label: official?.label ?? '',
      });
    }
    // Accents survive: the corpus is French.
    expect(rows.some((row) => /[éèàç]/.test(row.title!))).toBe(true);
  });

  it('quotes commas, quotes and line breaks so that they read back unchanged', () => {
    const fact: Fact = {
      id: 'fait-0123456789abcdef',
      kind: 'fact',
      title: 'Virgule, "guillemets"\net retour',
      text: 't',
      url: 'https://x.example/fiches/fait-0123456789abcdef/',
      regions: ['wallonie', 'bruxelles'],
      sources: [
        { url: 'https://a.example/', label: 'A', type: 'brand' },
        { url: 'https://o.example/', label: 'Élise ; officiel', type: 'official' },
      ],
    };
    const [row] = parse(csvText([fact]), { bom: true, columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      title: 'Virgule, "guillemets"\net retour',
      regions: 'wallonie;bruxelles',
      source_count: '2',
      first_official_source: 'https://o.example/',
      first_official_source_label: 'Élise ; officiel',
      verified_at: '',
    });
  });
});

describe('datapackage.json', () => {
  it('validates against the Frictionless Data Package profile, and the CSV resource against the Tabular Data Resource profile', async () => {
    const descriptor = JSON.parse((await file('datapackage.json')).toString('utf8')) as {
      resources: Record<string, unknown>[];
    };
    // The profiles' "textarea" format is an editor hint, not a constraint.
    const ajv = addFormats(new Ajv({ allErrors: true, strict: false, formats: { textarea: true } }));
    const validPackage = ajv.compile(await profile('data-package.json'));
    expect(validPackage(descriptor), JSON.stringify(validPackage.errors)).toBe(true);
    const validTable = ajv.compile(await profile('tabular-data-resource.json'));
    const csv = descriptor.resources.find((r) => r.path === 'permis-facts.csv')!;
    expect(validTable(csv), JSON.stringify(validTable.errors)).toBe(true);
    // The profile can fail: a resource without a path or data is refused.
    expect(validPackage({ ...descriptor, resources: [{ name: 'x' }] })).toBe(false);
  });

  it('gives each file its real size and SHA-256, and carries the reuse terms', async () => {
    const descriptor = JSON.parse((await file('datapackage.json')).toString('utf8')) as {
      resources: { path: string; bytes: number; hash: string }[];
      licenses: { path: string }[];
      reuse: Record<string, string>;
    };
    expect(descriptor.resources.map((r) => r.path)).toEqual(['permis-facts.jsonl.gz', 'permis-facts.csv']);
    for (const resource of descriptor.resources) {
      const bytes = await file(resource.path);
      expect(resource.bytes).toBe(bytes.length);
      expect(resource.hash).toBe(`sha256:${sha256(bytes)}`);
    }
    expect(descriptor.licenses).toEqual([expect.objectContaining({ path: `${testSettings.SITE_URL}/reutilisation/` })]);
    expect(descriptor.reuse).toMatchObject({
      attribution: expect.stringContaining('link to the record page'),
      record_link: expect.stringContaining('url'),
      permission: expect.stringContaining('requires permission'),
    });
  });
});

describe('the catalogue and DCAT-AP', () => {
  it('the catalogue advertises both files with the sizes, checksums and record counts of the files', async () => {
    const { downloads, corpus } = await json<Catalogue & { downloads: Downloads }>('/api/v1/?po_live=1');
    for (const [key, name] of [
      ['jsonl', 'permis-facts.jsonl.gz'],
      ['csv', 'permis-facts.csv'],
    ] as const) {
      const bytes = await file(name);
      expect(downloads[key]).toMatchObject({
        name,
        bytes: bytes.length,
        sha256: sha256(bytes),
        records: corpus.records,
        url: `${testSettings.SITE_URL}/api/v1/downloads/${name}`,
        file: `${testSettings.SITE_URL}/downloads/${name}`,
      });
    }
    expect(downloads.max_bytes).toBe(DOWNLOAD_LIMITS.maxFileBytes);
  });

  it('dcat.jsonld describes a dcat:Dataset with one distribution per file, with its size and checksum', async () => {
    const doc = JSON.parse((await file('dcat.jsonld')).toString('utf8')) as { '@graph': Record<string, any>[] };
    const dataset = doc['@graph'].find((node) => node['@type'] === 'dcat:Dataset')!;
    expect(doc['@graph'].find((node) => node['@type'] === 'dcat:Catalog')!['dcat:dataset']).toEqual({
      '@id': dataset['@id'],
    });
    const distributions = dataset['dcat:distribution'] as Record<string, any>[];
    expect(distributions).toHaveLength(2);
    for (const distribution of distributions) {
      const name = (distribution['dcat:downloadURL']['@id'] as string).split('/').at(-1)!;
      const bytes = await file(name);
      expect(distribution['dcat:byteSize']['@value']).toBe(String(bytes.length));
      expect(distribution['spdx:checksum']['spdx:checksumValue']).toBe(sha256(bytes));
      expect(distribution['dct:license']['@id']).toBe(`${testSettings.SITE_URL}/reutilisation/`);
    }
  });
});

describe('the bound on download size', () => {
  it('leaves the downloads out of a build, with a message naming the file, its size and the bound', async () => {
    const facts = gunzipSync(await file('permis-facts.jsonl.gz'))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Fact);
    const made = (await makeDownloads(facts, new Date()))!;
    expect(made.built.csv.sha256).toBe(sha256(await file('permis-facts.csv')));
    // Over the bound, the build writes no download and says why: the catalogue then has no downloads, and clients walk.
    const warnings: string[] = [];
    expect(await makeDownloads(facts, new Date(), 1000, (line) => warnings.push(line))).toBeNull();
    expect(warnings).toEqual([
      `[downloads] downloads/permis-facts.jsonl.gz: ${made.built.jsonl.bytes} bytes for ${facts.length} records, over the bound of 1000 bytes (the largest static file Cloudflare serves); the corpus is too large for one download file; this build writes no downloads`,
    ]);
    expect(oversizeProblem('permis-facts.csv', 100, 7, 100)).toBeNull();
    expect(oversizeProblem('permis-facts.csv', 101, 7, 100)).toBe(
      'downloads/permis-facts.csv: 101 bytes for 7 records, over the bound of 100 bytes (the largest static file Cloudflare serves); the corpus is too large for one download file',
    );
  });
});
