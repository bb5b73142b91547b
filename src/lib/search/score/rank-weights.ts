/**
 * The weights of the site's one ranking (docs/search.md, Ranking): each slot counts through its best variant, weight ×
 * its BM25+. The API uses the same formula with only the exact, stem, derivation and synonym variants, every slot required.
 */
export const RANK_WEIGHTS = {
  /** The word as typed: what the reader asked for. */
  exact: 1,
  /** Another form of its stem: the index holds stems only, so it cannot differ from the word. */
  stem: 1,
  /** Another stem of the word's family (« annulation » for « annuler »): surer than a synonym, less than the stem. */
  derivation: 0.75,
  /** A synonym, when its entry in content/synonyms.yaml sets no weight. */
  synonym: 0.5,
  /** A completion of the open last word: the reader was writing a word that starts so, not sure which. */
  prefix: 0.8,
  /** A confident correction (assist/suggest.ts): the same word, mistyped. */
  correction: 1,
  /** The power of the share of slots held (the site's blend): one missing of two costs ×0.25, of five ×0.64. */
  missingPower: 2,
} as const;
