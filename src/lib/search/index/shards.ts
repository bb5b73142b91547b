/** The sharded search index under search/: a query reads only its terms' shards and its results' document blocks. */

/** search/manifest.json: what BM25+ needs globally, and how the other files are cut. */
export interface SearchManifest {
  version: 5;
  /** Records in the listing. */
  records: number;
  /** Indexed fields, in MiniSearch's field-id order. */
  fields: string[];
  /** MiniSearch's average length of each field, in that order. */
  averageFieldLength: number[];
  /** How many term shard files there are (termShard). */
  termShards: number;
  /** Records per document block (listing positions n×docsPerBlock onwards). */
  docsPerBlock: number;
  /** Word lengths (folded) that have a vocabulary file. */
  wordLengths: number[];
  /** The stemmer and stop words the terms were made with (languageName): queries must use the same. */
  language: string;
}

/** search/listing.json: kind and regions of every record, one character each ('A' + the value): two strings compress better. */
export interface ListingFile {
  records: number;
  /** 'A' + the kind's index in KINDS. */
  kinds: string;
  /** 'A' + the region bitmask (bit i = REGIONS[i]). */
  regions: string;
}

/**
 * A term shard: term -> its postings coded (encodeNumbers), per field [fieldId, n, n position gaps, n frequencies,
 * n field lengths]; or a number k for a large term, whose postings are in SEARCH_PATHS.bigTerm(shard, k).
 */
export type TermShard = Record<string, string | number>;

/** A document block: [id, title, excerpt] for consecutive listing positions. */
export type DocBlock = [id: string, title: string, excerpt: string][];

/** A vocabulary file, by folded length: [stem, most written form, documents]; 0 documents: a dictionary word (lexicon.ts). */
export type WordFile = [stem: string, word: string, documents: number][];

/** The prefix file key of a folded word (its first two letters), or null when they are not a-z or 0-9. */
export function prefixKey(folded: string): string | null {
  const key = folded.slice(0, 2);
  return /^[a-z0-9]{2}$/.test(key) ? key : null;
}

/** Longest word length with its own vocabulary file; longer words share it. */
export const MAX_WORD_LENGTH = 24;

/** Paths under the site root, shared by build, server and browser. */
export const SEARCH_PATHS = {
  manifest: 'search/manifest.json',
  listing: 'search/listing.json',
  synonyms: 'search/synonyms.json',
  terms: (n: number) => `search/terms/${n}.json`,
  bigTerm: (n: number, k: number) => `search/terms/${n}-${k}.json`,
  docs: (n: number) => `search/docs/${n}.json`,
  words: (length: number) => `search/words/${Math.min(length, MAX_WORD_LENGTH)}.json`,
  prefixes: (key: string) => `search/prefixes/${key}.json`,
} as const;

/** The key that places a term in a shard: its family's first stem, so a derivation costs no extra download. */
export function shardKeys(families: readonly (readonly string[])[] = []): (term: string) => string {
  const key = new Map<string, string>();
  for (const family of families) for (const stem of family) if (!key.has(stem)) key.set(stem, family[0]!);
  return (term) => key.get(term) ?? term;
}

/** The shard of a key (shardKeys): FNV-1a over its UTF-16 code units, modulo the shard count. */
export function termShard(term: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) hash = Math.imul(hash ^ term.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}

/** Writes the listing file from one byte per record (kind index low 4 bits, region mask high 4 bits). */
export function encodeListing(kindRegions: Uint8Array): ListingFile {
  const chars = (value: (byte: number) => number) =>
    Array.from(kindRegions, (byte) => String.fromCharCode(65 + value(byte))).join('');
  return { records: kindRegions.length, kinds: chars((b) => b & 0x0f), regions: chars((b) => b >> 4) };
}

/** Reads the listing file back into one byte per record; throws when it is not what encodeListing writes. */
export function decodeListing(file: ListingFile): Uint8Array {
  if (file.kinds.length !== file.records || file.regions.length !== file.records)
    throw new Error(
      `search/listing.json: ${file.records} records but ${file.kinds.length} kinds and ${file.regions.length} regions`,
    );
  const bytes = new Uint8Array(file.records);
  for (let i = 0; i < file.records; i++) {
    const kind = file.kinds.charCodeAt(i) - 65;
    const regions = file.regions.charCodeAt(i) - 65;
    if (kind < 0 || kind > 15 || regions < 0 || regions > 15)
      throw new Error(`search/listing.json: bad character at record ${i}`);
    bytes[i] = kind | (regions << 4);
  }
  return bytes;
}
