import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { derivationFamilies, FAMILY_MIN_ROOT } from '../../src/lib/search/index/families.ts';
import { createSynonyms, DERIVATION_WEIGHT, SYNONYM_WEIGHT } from '../../src/lib/search/query/synonyms.ts';
import { RANK_WEIGHTS } from '../../src/lib/search/score/rank-weights.ts';
import { processTerm } from '../../src/lib/search/text/normalize.ts';
import { readBuilt, searchOver } from '../support/search.ts';
import type { SynonymsArtefact } from '../../src/lib/search/query/synonyms.ts';

/** A vocabulary entry as the build writes it: [stem, written form, records]. */
const entry = (word: string, records = 1): [string, string, number] => [processTerm(word)!, word, records];

describe('derivational families (index/families.ts)', () => {
  it('joins the stems whose written forms share a Snowball French root: a verb, its action noun, its adjective', () => {
    const families = derivationFamilies([
      entry('annuler'),
      entry('annulation'),
      entry('déclarer'),
      entry('déclaration'),
      entry('validité'),
      entry('valider'),
      entry('permis'),
    ]);
    expect(families).toEqual([
      [processTerm('annuler'), processTerm('annulation')].sort(),
      [processTerm('déclarer'), processTerm('déclaration')].sort(),
      [processTerm('validité'), processTerm('valider')].sort(),
    ]);
  });

  it(`keeps apart stems whose Snowball root is shorter than ${FAMILY_MIN_ROOT} letters, numbers, and words no record holds`, () => {
    // Snowball cuts « volant » to « vol », « parti » to « part »: words of other meanings.
    expect(derivationFamilies([entry('vol'), entry('volant'), entry('part'), entry('parti')])).toEqual([]);
    expect(derivationFamilies([entry('125cc'), entry('125')])).toEqual([]);
    expect(derivationFamilies([entry('annuler'), entry('annulation', 0)])).toEqual([]);
  });

  it('gives the same families whatever the order of the vocabulary (property)', () => {
    const words = ['annuler', 'annulation', 'déclarer', 'déclaration', 'valider', 'validité', 'examen', 'examiner'];
    const expected = derivationFamilies(words.map((w) => entry(w)));
    fc.assert(
      fc.property(fc.shuffledSubarray(words, { minLength: words.length }), (order) => {
        expect(derivationFamilies(order.map((w) => entry(w)))).toEqual(expected);
      }),
    );
  });
});

describe('derivations in a query (query/synonyms.ts)', () => {
  const artefact: SynonymsArtefact = {
    version: 1,
    rules: [{ from: ['annul'], to: [{ terms: ['suppression'], weight: SYNONYM_WEIGHT }] }],
    families: [
      ['annul', 'annulation'],
      ['declar', 'declaration'],
    ],
  };

  it('adds the other stems of a word’s family to its slot at RANK_WEIGHTS.derivation, between its own stem and a synonym', () => {
    expect(DERIVATION_WEIGHT).toBe(RANK_WEIGHTS.derivation);
    expect(RANK_WEIGHTS.derivation).toBeLessThan(RANK_WEIGHTS.stem);
    expect(RANK_WEIGHTS.derivation).toBeGreaterThan(RANK_WEIGHTS.synonym);
    const [slot] = createSynonyms(artefact).slots(['annul']);
    expect(slot!.options).toEqual([
      { terms: ['annul'], weight: 1 },
      { terms: ['annulation'], weight: DERIVATION_WEIGHT },
      { terms: ['suppression'], weight: SYNONYM_WEIGHT },
    ]);
  });

  it('counts only the synonyms file’s words as its words: a family alone does not make a word one', () => {
    const synonyms = createSynonyms(artefact);
    expect(synonyms.has('annul')).toBe(true);
    expect(synonyms.has('declar')).toBe(false);
    expect(synonyms.has('declaration')).toBe(false);
  });

  it('reads a build made before families (no families field) as having none', () => {
    const [slot] = createSynonyms({ version: 1, rules: [] }).slots(['declar']);
    expect(slot!.options).toEqual([{ terms: ['declar'], weight: 1 }]);
  });
});

describe('derivations in a search', () => {
  const records: [string, string, string][] = [
    ['fait-00000000000000e1', 'Examen', 'Le candidat peut annuler son examen pratique.'],
    ['fait-00000000000000e2', 'Frais', 'Le candidat paie une annulation tardive.'],
    ['fait-00000000000000e3', 'Volant', 'Les mains sur le volant.'],
    ['fait-00000000000000e4', 'Vol du permis', 'Déclarer le vol à la police.'],
  ];

  it('finds a record holding only a derivation of the word, after those holding the word, in both directions', async () => {
    const { search } = await searchOver(records);
    expect(await search('annuler')).toEqual(['fait-00000000000000e1', 'fait-00000000000000e2']);
    expect(await search('annulation')).toEqual(['fait-00000000000000e2', 'fait-00000000000000e1']);
  });

  it('keeps the AND rule: a derivation stands for its word, the other words are still required', async () => {
    const { search } = await searchOver(records);
    expect(await search('annulation pratique')).toEqual(['fait-00000000000000e1']);
    expect(await search('annulation zorglub')).toEqual([]);
  });

  it('never joins words of another meaning through a short root: « vol » does not find « volant »', async () => {
    const { search } = await searchOver(records);
    expect(await search('vol')).toEqual(['fait-00000000000000e4']);
    expect(await search('volant')).toEqual(['fait-00000000000000e3']);
  });

  it('writes the families into search/synonyms.json beside the synonyms file’s rules', async () => {
    const { files } = await searchOver(records, '- from: annuler\n  to: supprimer\n');
    const written = JSON.parse(files.get('search/synonyms.json')!) as SynonymsArtefact;
    expect(written.rules.map((rule) => rule.from)).toEqual([[processTerm('annuler')]]);
    expect(written.families).toEqual([[processTerm('annuler'), processTerm('annulation')].sort()]);
  });

  it('ships families in the test build: « annuler » and « annulation » are one', async () => {
    // The test build made by the global setup: a file never rebuilds it, since other files read it in parallel.
    const written = JSON.parse(await readBuilt('search/synonyms.json')) as SynonymsArtefact;
    expect(written.families!.length).toBeGreaterThan(100);
    expect(written.families).toContainEqual(
      expect.arrayContaining([processTerm('annuler'), processTerm('annulation')]),
    );
  });
});
