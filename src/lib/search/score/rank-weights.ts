/**
 * The weights of the site's one ranking (docs/search.md, Ranking): each query word (or phrase slot) counts through its
 * best variant, weight × the variant's BM25+, a word a record lacks counts 0, and the record's score, after score.ts's
 * rank adjustments, is multiplied by (slots held / slots)^missingPower. The API uses the same formula with only the
 * exact, stem, derivation and synonym variants and every slot required (the spec's AND rule), so it ranks its matches as the site does.
 */
export const RANK_WEIGHTS = {
  /** The word as typed: what the reader asked for. */
  exact: 1,
  /** Another form of its stem (plural, feminine, infinitive): the index holds stems only, so it cannot differ from the word. */
  stem: 1,
  /**
   * Another stem of the word's derivational family (index/families.ts: « annulation » for « annuler »): the reader's
   * root in another part of speech, surer than a synonym (another word) and less sure than the word's own stem.
   */
  derivation: 0.75,
  /** A synonym, when its entry in content/synonyms.yaml sets no weight: the same thing in other words, not the reader's word. */
  synonym: 0.5,
  /** A completion of the open last word (a word cut while typing): the reader was writing a word that starts so, not sure which. */
  prefix: 0.8,
  /** A confident correction (a non-word one edit from an index word, assist/suggest.ts): the same word, mistyped. */
  correction: 1,
  /** The power of the share of slots held: a reader typed every word for a reason, so one missing of two costs ×0.25, of five ×0.64. */
  missingPower: 2,
} as const;
