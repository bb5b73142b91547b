import { readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { stringify } from 'yaml';
import {
  compileSynonyms,
  parseSynonyms,
  readSynonymsFile,
  SynonymsError,
} from '../../src/lib/search/index/synonyms-file.ts';
import { createSynonyms, SYNONYM_WEIGHT } from '../../src/lib/search/query/synonyms.ts';
import { processTerm, queryTerms, tokenize } from '../../src/lib/search/text/normalize.ts';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { SEARCHED_FIELDS, toSearchDocument } from '../../src/lib/search/index/search-options.ts';
import { REGIONS } from '../../src/lib/schema/vocabulary.ts';
import { searchOver } from '../support/search.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const FILE = join(ROOT, 'content/synonyms.yaml');

/** The problems parseSynonyms reports for `text`, or [] when it is valid. */
function problems(text: string): string[] {
  try {
    parseSynonyms(text, 'synonyms.yaml');
    return [];
  } catch (error) {
    if (!(error instanceof SynonymsError)) throw error;
    return error.problems;
  }
}

describe('the synonyms file', () => {
  it('names the file and the line of each mistake', () => {
    expect(problems('- from: mobylette\n  to: cyclomoteur\n  weight: 3\n')).toEqual([
      'synonyms.yaml:3: entry 1: weight: must be from 0.05 to 1, got 3',
    ]);
    expect(problems('- from: vite\n  to: rapide\n- group: [seul]\n')).toEqual([
      'synonyms.yaml:3: entry 2: group: a group needs at least 2 words or phrases',
    ]);
    expect(problems('- from: moto\n  too: motocyclette\n')).toEqual([
      'synonyms.yaml:1: entry 1: to: is required',
      'synonyms.yaml:2: entry 1: (entry): unknown field "too" (an entry has from/to/weight or group/weight)',
    ]);
    expect(problems('- from: moto\n  to: [moto, "de la"]\n')).toEqual([
      'synonyms.yaml:2: entry 1: "de la" has only stop words, so it can never be searched',
    ]);
    expect(problems('- from: moto\n  to: [moto\n')).toEqual([
      'synonyms.yaml:3: Flow sequence in block collection must be sufficiently indented and end with a ]',
    ]);
    expect(problems('from: moto\n')).toEqual([
      'synonyms.yaml:1: the file must be a list of entries (- from: … to: …, or - group: […])',
    ]);
    expect(problems('- from: ""\n  to: moto\n')).toEqual(['synonyms.yaml:1: entry 1: from: must not be empty, got ""']);
  });

  it('names a missing file', async () => {
    await expect(readSynonymsFile(join(ROOT, 'no-such-synonyms.yaml'))).rejects.toThrow(
      /no-such-synonyms\.yaml: cannot be read \(ENOENT\)/,
    );
  });

  it('compiles one-way entries one way, groups every way, with the default or the entry weight', () => {
    const artefact = compileSynonyms(
      parseSynonyms(
        '- from: [mobylette, mob]\n  to: cyclomoteur\n- group: [a1 moto, motocyclette]\n  weight: 0.8\n',
        'x',
      ),
    );
    expect(artefact.rules).toEqual([
      { from: queryTerms('mobylette'), to: [{ terms: queryTerms('cyclomoteur'), weight: SYNONYM_WEIGHT }] },
      { from: queryTerms('mob'), to: [{ terms: queryTerms('cyclomoteur'), weight: SYNONYM_WEIGHT }] },
      { from: queryTerms('a1 moto'), to: [{ terms: queryTerms('motocyclette'), weight: 0.8 }] },
      { from: queryTerms('motocyclette'), to: [{ terms: queryTerms('a1 moto'), weight: 0.8 }] },
    ]);
  });

  it('parses back any list of valid entries written as YAML (property)', () => {
    const word = fc.stringMatching(/^[a-zé]{4,9}$/).filter((w) => processTerm(w) !== null);
    const entry = fc.oneof(
      fc.record({
        from: fc.array(word, { minLength: 1, maxLength: 3 }),
        to: fc.array(word, { minLength: 1, maxLength: 3 }),
      }),
      fc.record({
        group: fc.array(word, { minLength: 2, maxLength: 4 }),
        weight: fc.integer({ min: 5, max: 100 }).map((n) => n / 100),
      }),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (entries) => {
        expect(parseSynonyms(stringify(entries), 'x')).toEqual(entries);
      }),
    );
  });
});

describe('the bundled synonyms file', () => {
  it('holds at least 40 entries, each justified by a comment just above it', async () => {
    const lines = (await readFile(FILE, 'utf8')).split('\n');
    const starts = lines.flatMap((line, i) => (line.startsWith('- ') ? [i] : []));
    expect(starts.length).toBeGreaterThanOrEqual(40);
    for (const i of starts) expect(lines[i - 1], `line ${i + 1}: ${lines[i]}`).toMatch(/^# .*\S/);
    expect((await readSynonymsFile(FILE)).rules.length).toBeGreaterThanOrEqual(40);
  });

  it('makes every API region a group of weight 1 with its adjectives and Dutch names', async () => {
    const synonyms = createSynonyms(await readSynonymsFile(FILE));
    for (const region of REGIONS) {
      const [slot] = synonyms.slots([processTerm(region)!]);
      expect(slot!.options.length, region).toBeGreaterThan(2);
      expect(
        slot!.options.every((o) => o.weight === 1),
        region,
      ).toBe(true);
    }
  });

  it('points every entry at words that a record of the demonstration corpus holds', async () => {
    const facts = await readRecords(join(ROOT, 'content/records'), 'https://x.example');
    // A record's own words (linked records' titles in `context` excluded), as the index holds them.
    const held = facts.map((fact) => {
      const doc = toSearchDocument(fact);
      return new Set(
        SEARCHED_FIELDS.filter((field) => field !== 'context').flatMap((field) =>
          tokenize(doc[field]).map(processTerm),
        ),
      );
    });
    const found = (phrase: string) => held.some((terms) => queryTerms(phrase).every((term) => terms.has(term)));
    const entries = parseSynonyms(await readFile(FILE, 'utf8'), FILE);
    // Each `to` of a one-way entry, and at least one member of a group, or the entry can never find a record.
    const useless = entries.flatMap((entry) =>
      'group' in entry
        ? entry.group.some(found)
          ? []
          : [entry.group.join(', ')]
        : [entry.to].flat().filter((phrase) => !found(phrase)),
    );
    expect(useless).toEqual([]);
    expect(found('keuf'), 'a word no record holds').toBe(false);
  });

  it('maps everyday, slang, Belgian and Dutch words of driving to the words the records use', async () => {
    const synonyms = createSynonyms(await readSynonymsFile(FILE));
    const options = (words: string) =>
      synonyms.slots(queryTerms(words)).flatMap((slot) => slot.options.map((option) => option.terms.join(' ')));
    const cases: [string, string][] = [
      ['keufs', 'police'],
      ['flic', 'police'],
      ['tonton', 'oncle'],
      ['daron', 'parent'],
      ['copine', 'partenaire'],
      ['pote', 'ami'],
      ['gsm', 'téléphone'],
      ['septante', '70'],
      ['nonante', '90'],
      ['bagnole', 'voiture'],
      ['mob', 'cyclomoteur'],
      ['prune', 'amende'],
      ['thunes', 'coût'],
      ['rijbewijs', 'permis'],
      ['kotter', 'kot'],
      ['clignoteur', 'clignotant'],
      ['passer le code', 'examen théorique'],
      ['omwisselen', 'échanger'],
      ['vernieuwen', 'renouveler'],
      ['geldig', 'valable'],
      ['dokter', 'médecin'],
      ['exchange', 'échanger'],
      ['foreign', 'étranger'],
      ['driving school', 'auto-école'],
      ['marocain', 'étranger'],
      ['congolaise', 'étranger'],
      ['polonaise', 'européen'],
      ['portugais', 'européen'],
      ['camionette', 'camionnette'],
      ['abîmé', 'détérioration'],
      ['rijden', 'conduire'],
      ['flashé', 'excès de vitesse'],
      ['cyclo', 'cyclomoteur'],
      ['meule', 'cyclomoteur'],
      ['foiré', 'échec'],
      ['cligno', 'clignotant'],
      ['rdv', 'rendez-vous'],
      ['retenter', 'repasser'],
      ['internet', 'en ligne'],
      ['psy', 'psychologue'],
      ['vieux', 'âgé'],
      ['vieux', 'ancien'],
      ['boulot', 'travail'],
      ['job', 'travail'],
      ['patron', 'employeur'],
      ['peur', 'stress'],
      ['angoisse', 'stress'],
      ['avc', 'accident vasculaire'],
      ['borgne', 'vision monoculaire'],
      ['amputé', 'handicap'],
      ['photomaton', 'photo'],
    ];
    for (const [word, target] of cases) expect(options(word), word).toContain(queryTerms(target).join(' '));
  });

  it('reads a country adjective as a foreign or European licence, but never a language of the exams', async () => {
    const synonyms = createSynonyms(await readSynonymsFile(FILE));
    const options = (words: string) =>
      synonyms.slots(queryTerms(words)).flatMap((slot) => slot.options.map((option) => option.terms.join(' ')));
    for (const language of ['français', 'française', 'néerlandais', 'allemand', 'anglais'])
      for (const licence of ['européen', 'étranger'])
        expect(options(language), language).not.toContain(queryTerms(licence).join(' '));
  });

  it('leaves a word of several meanings to its phrases: alone, "ballon", "plaque", "code", "sucre" and "bac" find only themselves', async () => {
    const synonyms = createSynonyms(await readSynonymsFile(FILE));
    for (const word of ['ballon', 'plaque', 'code', 'sucre', 'bac'])
      expect(synonyms.slots(queryTerms(word)), word).toEqual([
        { terms: queryTerms(word), options: [{ terms: queryTerms(word), weight: 1 }] },
      ]);
  });

  it('leaves no vocabulary in the search code: the Dutch pairs live in the file', async () => {
    const dir = join(ROOT, 'src/lib/search');
    for (const name of (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.ts'))) {
      const text = await readFile(join(dir, name), 'utf8');
      for (const word of ['rijbewijs', 'begeleider', 'bromfiets', 'vlaanderen', 'mobylette'])
        expect(text.toLowerCase(), `${name}: ${word}`).not.toContain(word);
    }
  });
});

describe('synonyms in a search', () => {
  const records: [string, string, string][] = [
    ['fait-00000000000000d1', 'Permis AM', 'Les cyclomoteurs jusqu’à 45 km/h.'],
    ['fait-00000000000000d2', 'Ma mobylette', 'Souvenirs de mobylette et de permis.'],
    ['fait-00000000000000d3', 'Examen théorique', 'Cinquante questions à l’examen.'],
    ['fait-00000000000000d4', 'Codes du permis', 'Le code 78 après l’examen pratique.'],
    ['fait-00000000000000d5', 'Rond-point', 'Priorité au rond-point.'],
    ['fait-00000000000000d6', 'Giratoire', 'Priorité sur le giratoire.'],
  ];
  const yaml =
    '- from: mobylette\n  to: cyclomoteur\n- from: examen du code\n  to: examen théorique\n  weight: 1\n- group: [rond-point, giratoire]\n';

  it('find a record through a one-way synonym, after the records holding the typed word, and not the other way', async () => {
    const { search } = await searchOver(records, yaml);
    expect(await search('mobylette')).toEqual(['fait-00000000000000d2', 'fait-00000000000000d1']);
    expect(await search('cyclomoteur')).toEqual(['fait-00000000000000d1']);
  });

  it('keep the AND rule: a synonym stands for its word, the other words are still required', async () => {
    const { search } = await searchOver(records, yaml);
    expect(await search('mobylette 45')).toEqual(['fait-00000000000000d1']);
    expect(await search('mobylette zorglub')).toEqual([]);
  });

  it('match a phrase as a whole: "examen du code" finds the theory exam, not every record with examen and code alone first', async () => {
    const { search } = await searchOver(records, yaml);
    expect((await search('examen du code'))[0]).toBe('fait-00000000000000d3');
    expect(await search('examen du code')).toContain('fait-00000000000000d4');
    expect(await search('examen théorique')).toEqual(['fait-00000000000000d3']);
  });

  it('make a group two-way, and rank the same whatever the word order', async () => {
    const { search } = await searchOver(records, yaml);
    expect(await search('giratoire')).toEqual(['fait-00000000000000d6', 'fait-00000000000000d5']);
    expect(await search('rond-point')).toEqual(['fait-00000000000000d5', 'fait-00000000000000d6']);
    expect(await search('priorité giratoire')).toEqual(await search('Giratoire PRIORITÉ'));
  });
});
