/**
 * Build time: MiniSearch indexes the records with the shared configuration, then its index is cut into term shards of
 * compactly coded postings (number-code.ts); a term with large postings gets a file of its own.
 */
import MiniSearch from 'minisearch';
import type { Fact } from '../../schema/fact.ts';
import { KINDS } from '../../schema/vocabulary.ts';
import { summarize } from '../../records/summarize.ts';
import { regionBit } from './listing.ts';
import { foldText, processTerm, tokenize } from '../text/normalize.ts';
import { languageName } from '../text/language.ts';
import { searchOptions, SEARCHED_FIELDS, toSearchDocument, type SearchDocument } from './search-options.ts';
import { encodeNumbers } from './number-code.ts';
import { nearWords } from './lexicon.ts';
import { derivationFamilies } from './families.ts';
import { weldedCompounds } from './compounds.ts';
import { NO_SYNONYMS, type SynonymsArtefact } from '../query/synonyms.ts';
import {
  encodeListing,
  MAX_WORD_LENGTH,
  prefixKey,
  SEARCH_PATHS,
  shardKeys,
  termShard,
  type DocBlock,
  type SearchManifest,
  type TermShard,
  type WordFile,
} from './shards.ts';

/** How the build cuts the index; defaults in SHARD_OPTIONS. */
export interface ShardOptions {
  /** Characters of encoded postings aimed at per term shard. */
  shardChars: number;
  /** A term whose encoded postings are longer than this gets a file of its own (its shard names it). */
  ownFileChars: number;
  /** Records per document block. */
  docsPerBlock: number;
  /** The compiled synonyms (synonyms-file.ts); none by default. */
  synonyms: SynonymsArtefact;
  /** Dictionary words, folded (lexicon.ts): those near an index word join the vocabulary with 0 records. */
  lexicon: readonly string[];
}

/**
 * Defaults. A query word reads its whole shard, so a shard aims at ownFileChars, the most one term may hold in it:
 * 32,000 characters cost the test build's first search a median of 95.3 KiB, 8,000 63.8 (docs/performance.md). 4 records
 * a block, as a page of 20 results reads about 20 blocks (at 50,000 records, 16 a block cost 38 KB a first search).
 */
export const SHARD_OPTIONS: ShardOptions = {
  shardChars: 8_000,
  ownFileChars: 8_000,
  docsPerBlock: 4,
  synonyms: NO_SYNONYMS,
  lexicon: [],
};

/** Every file of the sharded index, as text. */
export interface ShardFiles {
  manifest: SearchManifest;
  listing: string;
  synonyms: string;
  /** Hash shards, by number. */
  terms: string[];
  /** Files of the large terms, by path (SEARCH_PATHS.bigTerm). */
  bigTerms: Map<string, string>;
  docs: string[];
  /** Vocabulary files by stem length. */
  words: Map<number, string>;
  /** Prefix files (search as you type) by their two letters. */
  prefixes: Map<string, string>;
}

/** Builds a fresh MiniSearch index from documents, with the one shared configuration. */
export function buildIndex(documents: readonly SearchDocument[]): MiniSearch<SearchDocument> {
  const index = new MiniSearch<SearchDocument>(searchOptions);
  index.addAll(documents);
  return index;
}

/** The searched fields of every record (not the lead, which repeats title words). */
function* searchedTexts(facts: readonly Fact[]): Generator<string> {
  for (const fact of facts) {
    const doc = toSearchDocument(fact);
    for (const field of SEARCHED_FIELDS) yield doc[field];
  }
}

/** The word form written most often for each stem, with the stem's document frequency. */
function vocabulary(facts: readonly Fact[], documentFrequency: Map<string, number>): Map<number, WordFile> {
  const forms = new Map<string, Map<string, number>>();
  for (const text of searchedTexts(facts)) {
    for (const word of tokenize(text)) {
      const term = processTerm(word);
      if (term === null) continue;
      const form = word.toLowerCase();
      let counts = forms.get(term);
      if (!counts) forms.set(term, (counts = new Map()));
      counts.set(form, (counts.get(form) ?? 0) + 1);
    }
  }
  const files = new Map<number, WordFile>();
  for (const [term, counts] of [...forms].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const df = documentFrequency.get(term);
    if (df === undefined) continue;
    // Most written first; then the shorter, then the alphabetically first, so the choice is deterministic.
    const [word] = [...counts].sort(([a, x], [b, y]) => y - x || a.length - b.length || (a < b ? -1 : 1))[0]!;
    const length = Math.min(foldText(word).length, MAX_WORD_LENGTH);
    if (!files.has(length)) files.set(length, []);
    files.get(length)!.push([term, word, df]);
  }
  return files;
}

/** Builds every search file from the published records. */
export function buildShards(facts: readonly Fact[], options: Partial<ShardOptions> = {}): ShardFiles {
  const { shardChars, ownFileChars, docsPerBlock, synonyms, lexicon } = { ...SHARD_OPTIONS, ...options };
  const sorted = [...facts].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const js = buildIndex(sorted.map(toSearchDocument)).toJSON();
  const position = new Map(sorted.map((f, i) => [f.id, i]));
  const positionOf = new Map(
    Object.entries(js.documentIds).map(([shortId, id]) => [shortId, position.get(id as string)!]),
  );
  const fieldLength = js.fieldLength as unknown as Record<string, number[]>;

  const entries: [term: string, code: string][] = [];
  const documentFrequency = new Map<string, number>();
  for (const [term, data] of js.index) {
    const flat: number[] = [];
    const holders = new Set<number>();
    for (const [fieldId, perDoc] of Object.entries(data as Record<string, Record<string, number>>)) {
      const postings = Object.entries(perDoc).map(
        ([shortId, freq]) => [positionOf.get(shortId)!, freq, fieldLength[shortId]![Number(fieldId)]!] as const,
      );
      postings.sort((a, b) => a[0] - b[0]);
      flat.push(Number(fieldId), postings.length);
      let last = 0;
      for (const [at] of postings) {
        flat.push(at - last);
        last = at;
        holders.add(at);
      }
      for (const [, freq] of postings) flat.push(freq);
      for (const [, , length] of postings) flat.push(length);
    }
    documentFrequency.set(term, holders.size);
    entries.push([term, encodeNumbers(flat)]);
  }
  const byLength = vocabulary(sorted, documentFrequency);
  // The words records hold, before the lexicon's are added below.
  const held = [...byLength.values()].flat();
  const families = derivationFamilies(held);
  const keyOf = shardKeys(families);
  const shared = entries.filter(([, code]) => code.length <= ownFileChars);
  const total = shared.reduce((sum, [term, code]) => sum + term.length + code.length + 6, 0);
  const termShards = Math.max(1, Math.ceil(total / shardChars));
  const buckets: Map<string, TermShard[string]>[] = Array.from({ length: termShards }, () => new Map());
  const bigTerms = new Map<string, string>();
  for (const [term, code] of entries) {
    const n = termShard(keyOf(term), termShards);
    if (code.length <= ownFileChars) buckets[n]!.set(term, code);
    else {
      const k = [...buckets[n]!.values()].filter((v) => typeof v === 'number').length;
      buckets[n]!.set(term, k);
      bigTerms.set(SEARCH_PATHS.bigTerm(n, k), JSON.stringify(code));
    }
  }

  const kindRegions = Uint8Array.from(
    sorted,
    (f) => KINDS.indexOf(f.kind) | (f.regions.reduce((mask, r) => mask | regionBit(r), 0) << 4),
  );
  const docs: string[] = [];
  for (let at = 0; at < sorted.length; at += docsPerBlock) {
    const block: DocBlock = sorted.slice(at, at + docsPerBlock).map((f) => [f.id, f.title, summarize(f.text)]);
    docs.push(JSON.stringify(block));
  }
  const byPrefix = new Map<string, WordFile>();
  for (const entry of held) {
    const key = prefixKey(foldText(entry[1]));
    if (key === null) continue;
    if (!byPrefix.has(key)) byPrefix.set(key, []);
    byPrefix.get(key)!.push(entry);
  }
  // The real words a correction could reach, with 0 records: never corrected, never offered.
  for (const word of nearWords(lexicon, held)) {
    const length = Math.min(word.length, MAX_WORD_LENGTH);
    if (!byLength.has(length)) byLength.set(length, []);
    byLength.get(length)!.push([processTerm(word)!, word, 0]);
  }
  const words = new Map(
    [...byLength].sort(([a], [b]) => a - b).map(([length, file]) => [length, JSON.stringify(file)]),
  );
  const prefixes = new Map(
    [...byPrefix]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, file]) => [key, JSON.stringify(file.sort((a, b) => b[2] - a[2] || (a[0] < b[0] ? -1 : 1)))]),
  );
  const manifest: SearchManifest = {
    version: 5,
    records: sorted.length,
    fields: Object.entries(js.fieldIds)
      .sort(([, a], [, b]) => a - b)
      .map(([name]) => name),
    averageFieldLength: js.averageFieldLength,
    termShards,
    docsPerBlock,
    wordLengths: [...words.keys()].sort((a, b) => a - b),
    language: languageName(),
  };
  return {
    manifest,
    listing: JSON.stringify(encodeListing(kindRegions)),
    synonyms: JSON.stringify({
      ...synonyms,
      rules: [
        ...synonyms.rules,
        ...weldedCompounds(searchedTexts(sorted), new Set(synonyms.rules.map((r) => r.from.join(' ')))),
      ],
      families,
    }),
    terms: buckets.map((b) => JSON.stringify(Object.fromEntries(b))),
    bigTerms,
    docs,
    words,
    prefixes,
  };
}

/** Every file keyed by its path under the site root: what a reader (tests, the bench) serves. */
export function shardFileMap(files: ShardFiles): Map<string, string> {
  const map = new Map<string, string>([
    [SEARCH_PATHS.manifest, JSON.stringify(files.manifest)],
    [SEARCH_PATHS.listing, files.listing],
    [SEARCH_PATHS.synonyms, files.synonyms],
  ]);
  files.terms.forEach((text, n) => map.set(SEARCH_PATHS.terms(n), text));
  for (const [path, text] of files.bigTerms) map.set(path, text);
  files.docs.forEach((text, n) => map.set(SEARCH_PATHS.docs(n), text));
  for (const [length, text] of files.words) map.set(SEARCH_PATHS.words(length), text);
  for (const [key, text] of files.prefixes) map.set(SEARCH_PATHS.prefixes(key), text);
  return map;
}
