import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_STEM, stem } from '../../src/lib/search/text/stem.ts';
import { processTerm, queryTerms } from '../../src/lib/search/text/normalize.ts';

const same = (...words: string[]) => new Set(words.map((w) => processTerm(w))).size === 1;

describe('French light stemmer', () => {
  it('joins singular and plural, masculine and feminine', () => {
    expect(same('provisoire', 'provisoires', 'provisoirement')).toBe(true);
    expect(same('examen', 'examens')).toBe(true);
    expect(same('journal', 'journaux')).toBe(true);
    expect(same('officiel', 'officielle', 'officiels', 'officielles')).toBe(true);
    expect(same('européen', 'européenne', 'européennes')).toBe(true);
    expect(same('définitif', 'définitive', 'définitives')).toBe(true);
    expect(same('conducteur', 'conductrice', 'conductrices')).toBe(true);
  });

  it('joins an infinitive with its participles and the noun in -ement', () => {
    expect(same('accompagné', 'accompagnée', 'accompagnées', 'accompagner', 'accompagnez', 'accompagnement')).toBe(
      true,
    );
    expect(same('conduire', 'conduite', 'conduites', 'conduit')).toBe(true);
    expect(same('limite', 'limiter', 'limité', 'limites')).toBe(true);
    expect(same('sortie', 'sortir')).toBe(true);
  });

  it('makes "conduite accompagnée" and "conduire accompagné" the same query', () => {
    expect(queryTerms('conduite accompagnée')).toEqual(queryTerms('conduire accompagné'));
  });

  it('keeps unrelated words apart', () => {
    for (const [a, b] of [
      ['mer', 'mère'],
      ['examen', 'examiner'],
      ['cours', 'course'],
      ['permis', 'permettre'],
      ['vite', 'vitesse'],
      ['taxe', 'taxi'],
      ['port', 'porte-clé'],
      ['carte', 'cartel'],
      ['moto', 'motor'],
    ] as [string, string][]) {
      expect(processTerm(a), `${a} / ${b}`).not.toBe(processTerm(b));
    }
  });

  it('undoubles -enn, -onn, -ett, -ell and -eill at the end of a stem, so a noun in -ement meets its verb', () => {
    expect(same('renouvellement', 'renouveler', 'renouvelle', 'renouvelé')).toBe(true);
    expect(same('ancienne', 'anciennement', 'ancien')).toBe(true);
    expect(same('conseiller', 'conseillère', 'conseil')).toBe(true);
    expect(same('wallonne', 'wallon', 'wallonnes')).toBe(true);
  });

  it('undoubles only what keeps four letters, and only those endings', () => {
    for (const [a, b] of [
      ['personne', 'personnel'],
      ['selle', 'sel'],
      ['belle', 'bel'],
      ['panne', 'pane'],
      ['lettre', 'letre'],
    ] as [string, string][]) {
      expect(processTerm(a), `${a} / ${b}`).not.toBe(processTerm(b));
    }
    expect(stem('sonnette')).toBe('sonnet');
  });

  it('strips a final x only after -au, -eu, -ou (the plurals French writes with an x): pris and prix stay apart', () => {
    expect(same('feu', 'feux')).toBe(true);
    expect(same('bijou', 'bijoux')).toBe(true);
    expect(same('tuyau', 'tuyaux')).toBe(true);
    for (const word of ['prix', 'choix', 'voix', 'flux']) expect(stem(word)).toBe(word);
    expect(processTerm('pris')).not.toBe(processTerm('prix'));
  });

  it('leaves a stem under four letters only for the plural of a four-letter word: an s after e or a consonant, an x after au, eu, ou', () => {
    for (const [word, singular] of [
      ['rues', 'rue'],
      ['ages', 'age'],
      ['cars', 'car'],
      ['feux', 'feu'],
      ['jeux', 'jeu'],
    ])
      expect(stem(word!)).toBe(singular);
    // French writes these with their s in the singular: "pris" (taken) never becomes "pri".
    for (const word of ['pris', 'mois', 'fois', 'avis', 'bois', 'gros', 'bras', 'plus', 'tous', 'jus'])
      expect(stem(word)).toBe(word);
    expect(processTerm('pris')).not.toBe(processTerm('prix'));
    expect(processTerm('mois')).not.toBe(processTerm('moi'));
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,14}$/), (word) => {
        const s = stem(word);
        if (s.length >= MIN_STEM || s === word) return;
        expect(word).toHaveLength(MIN_STEM);
        expect(s).toBe(word.slice(0, -1));
        expect(word).toMatch(/[^aiosu]s$|[aeo]ux$/);
      }),
    );
  });

  it('keeps words of four letters or fewer intact, apart from a plural s', () => {
    for (const word of ['bus', 'moto', 'code', 'mere', 'vite', 'aide', 'taxi', 'zone']) expect(stem(word)).toBe(word);
    expect(stem('cars')).toBe('car');
  });

  it('never leaves a stem shorter than four letters from a longer word, and is stable (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,14}$/), (word) => {
        const s = stem(word);
        expect(s.length).toBeGreaterThanOrEqual(Math.min(word.length - 1, MIN_STEM));
        expect(word.startsWith(s.slice(0, Math.min(s.length, MIN_STEM)))).toBe(true);
      }),
    );
  });
});
