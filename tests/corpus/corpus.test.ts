import { existsSync } from 'node:fs';
import { appendFile, cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { DEMO_MANIFEST, intactDemoFiles } from '../../src/lib/records/demo-corpus.ts';
import { parseRecordFile } from '../../src/lib/records/parse-record-file.ts';
import { freshnessReport } from '../../src/lib/records/freshness.ts';
import { factFrontmatter, recordSource } from '../support/records.ts';
import { corpusStats, wordCount } from '../../src/lib/records/corpus-stats.ts';
import { KINDS, REGIONS } from '../../src/lib/schema/vocabulary.ts';
import type { Fact } from '../../src/lib/schema/fact.ts';
import { engineFor } from '../support/search.ts';

/**
 * The demonstration records among the records of `content` (a folder holding records/): the files the manifest lists
 * whose bytes still match. A publisher's own records, and demonstration records the publisher edited, are left out.
 */
async function demoFacts(content: string): Promise<Fact[]> {
  const all = await readRecords(join(content, 'records'), 'https://permis.example');
  const ids = new Set<string>();
  for (const path of await intactDemoFiles(DEMO_MANIFEST, content)) {
    const parsed = parseRecordFile(path, await readFile(join(content, path), 'utf8'));
    if (parsed.ok) ids.add((parsed.value.frontmatter as { id: string }).id);
  }
  return all.filter((fact) => ids.has(fact.id));
}

// The bundled corpus itself (content/records), not the test build: every record must be valid, publisher's or not.
let all: Fact[];
// The qualities below are the demonstration corpus's, checked on its records only.
let facts: Fact[];
beforeAll(async () => {
  all = await readRecords('content/records', 'https://permis.example');
  facts = await demoFacts('content');
});

describe('the records in content/records', () => {
  it('validate entirely (schema, ids, prefixes, related links, pricing references)', () => {
    // readRecords throws a RecordError listing every problem; reaching here means none.
    expect(all.length).toBeGreaterThan(0);
  });

  it("hold a publisher's valid 60-word record beside the demonstration without failing the demonstration tests", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'permis-publisher-'));
    await cp('content/records', join(dir, 'records'), { recursive: true });
    const words = Array.from({ length: 60 }, (_, i) => `mot${i}`).join(' ');
    await writeFile(
      join(dir, 'records', 'ma-fiche.md'),
      recordSource(factFrontmatter({ id: 'fait-00000000000000aa', title: 'Ma fiche courte' }), words),
    );
    const demo = await demoFacts(dir);
    expect(demo.map((f) => f.id)).toEqual(facts.map((f) => f.id));
    expect(demo.filter((f) => wordCount(f) < 100)).toEqual([]);
    // And a demonstration file the publisher rewrote is no longer held to the demonstration's rules.
    const [first] = (await readFile(DEMO_MANIFEST, 'utf8')).split('\n');
    await appendFile(join(dir, first!.slice(66)), "\nUne phrase ajoutée par l'éditeur.\n");
    expect((await demoFacts(dir)).length).toBe(facts.length - 1);
  });
});

// A publisher who replaces the demonstration corpus deletes its manifest (docs/publishing.md): nothing is left to check.
describe.runIf(existsSync(DEMO_MANIFEST))('the demonstration corpus', () => {
  it('is present: the manifest lists files that are still in content/records', () => {
    expect(facts.length).toBeGreaterThan(0);
  });

  it('has at least 355 records', () => {
    expect(facts.length).toBeGreaterThanOrEqual(355);
  });

  it('has at least 10 records of every kind and 40 of every region', () => {
    const stats = corpusStats(facts);
    for (const kind of KINDS) expect(stats.byKind[kind], kind).toBeGreaterThanOrEqual(10);
    for (const region of REGIONS) expect(stats.byRegion[region], region).toBeGreaterThanOrEqual(40);
  });

  it('links at least 70% of its records to related records', () => {
    expect(corpusStats(facts).withRelated / facts.length).toBeGreaterThanOrEqual(0.7);
  });

  it('has real prose: a median of at least 150 words and no record under 100', () => {
    const { median } = corpusStats(facts).words;
    expect(median).toBeGreaterThanOrEqual(150);
    expect(facts.filter((f) => wordCount(f) < 100).map((f) => f.id)).toEqual([]);
  });

  it('passes its own freshness check: no contradicting dates', async () => {
    const files = [];
    for (const path of await intactDemoFiles(DEMO_MANIFEST, 'content')) {
      const parsed = parseRecordFile(join('content', path), await readFile(join('content', path), 'utf8'));
      if (parsed.ok) files.push(parsed.value);
    }
    expect(files.length).toBe(facts.length);
    const items = freshnessReport(files, { months: 12, today: new Date().toISOString().slice(0, 10) });
    expect(
      items
        .filter((item) => item.kind === 'dates-contradict')
        .map((i) => `${i.file}:${i.line}: ${i.field}: ${i.message}`),
    ).toEqual([]);
  });

  it('has distinct titles', () => {
    const titles = facts.map((f) => f.title.toLowerCase());
    expect(titles.filter((t, i) => titles.indexOf(t) !== i)).toEqual([]);
  });

  it('labels people, professionals and offers as fictional, with example domains only', () => {
    let fictional = 0;
    for (const fact of facts) {
      const data = fact.person_data ?? fact.professional_data ?? fact.offer_data;
      if (data) expect(data.fictional, fact.id).toBe(true);
      if (data?.fictional || fact.organization_data?.fictional) {
        fictional += 1;
        const urls = [
          ...fact.sources.map((s) => s.url),
          fact.organization_data?.website,
          fact.professional_data?.website,
        ].filter(Boolean) as string[];
        for (const url of urls)
          expect(new URL(url).hostname, `${fact.id} ${url}`).toMatch(/(^|\.)example\.(be|org|com)$/);
      }
    }
    // Every person, professional and offer, plus the fictional brands, went through the checks above.
    const kinds = corpusStats(facts).byKind;
    expect(fictional).toBeGreaterThanOrEqual(kinds.person + kinds.professional + kinds.offer);
  });

  it('types commercial sources as brand and never cites example domains as official', () => {
    for (const fact of facts) {
      for (const source of fact.sources) {
        if (/(^|\.)example\.(be|org|com)$/.test(new URL(source.url).hostname))
          expect(source.type, `${fact.id} ${source.url}`).not.toBe('official');
      }
    }
  });

  it('finds useful answers to everyday questions', async () => {
    const engine = await engineFor(facts);
    const byId = new Map(facts.map((f) => [f.id, f]));
    const cases: [string, RegExp][] = [
      ['examen théorique', /examen th[ée]orique|theorie/i],
      ['permis provisoire Bruxelles', /provisoire/i],
      ['rijbewijs', /rijbewijs/i],
      ['échange permis étranger', /étranger/i],
      ['alcool', /alcool/i],
    ];
    for (const [q, titleWord] of cases) {
      const page = await engine.search({ q, limit: 5, offset: 0 });
      expect(page.total, q).toBeGreaterThanOrEqual(5);
      const titles = page.ids.map((id) => byId.get(id)!.title);
      expect(titles.filter((t) => titleWord.test(t)).length, `${q}: ${titles.join(' | ')}`).toBeGreaterThanOrEqual(3);
    }
  });
});
