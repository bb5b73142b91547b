/** Figures about a corpus: counts per kind and region, link coverage, text length, verification metadata. */
import type { Fact } from '../schema/fact.ts';
import { KINDS, REGIONS, type Kind, type Region } from '../schema/vocabulary.ts';
import { markdownToPlain } from './summarize.ts';

/** Words in a record's text, markdown syntax left out. */
export function wordCount(fact: Fact): number {
  return markdownToPlain(fact.text).split(/\s+/).filter(Boolean).length;
}

/** The statistics `npm run corpus:stats` prints and the corpus tests check. */
export interface CorpusStats {
  records: number;
  byKind: Record<Kind, number>;
  byRegion: Record<Region, number>;
  withRelated: number;
  words: { min: number; median: number; max: number };
  withVerifiedAt: number;
  withEvidenceKind: number;
}

/** Computes the statistics of `facts`. */
export function corpusStats(facts: readonly Fact[]): CorpusStats {
  const byKind = Object.fromEntries(KINDS.map((k) => [k, facts.filter((f) => f.kind === k).length])) as Record<
    Kind,
    number
  >;
  const byRegion = Object.fromEntries(
    REGIONS.map((r) => [r, facts.filter((f) => f.regions.includes(r)).length]),
  ) as Record<Region, number>;
  const words = facts.map(wordCount).sort((a, b) => a - b);
  return {
    records: facts.length,
    byKind,
    byRegion,
    withRelated: facts.filter((f) => (f.related?.length ?? 0) > 0).length,
    words: { min: words[0] ?? 0, median: words[Math.floor(words.length / 2)] ?? 0, max: words.at(-1) ?? 0 },
    withVerifiedAt: facts.filter((f) => f.verified_at).length,
    withEvidenceKind: facts.filter((f) => f.evidence_kind).length,
  };
}
