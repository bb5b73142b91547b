/**
 * The sharded search index, as the build writes it and the server, the edge and the browser read it:
 * a small manifest, a compact listing, term shards, document blocks and vocabulary files, all under search/.
 * A query reads only the shards of its own terms and the document blocks of the results it shows.
 */

/** search/manifest.json: what BM25+ needs globally, and how the other files are cut. */
export interface SearchManifest {
  version: 2;
  /** Records in the listing (= MiniSearch's document count). */
  records: number;
  /** Indexed fields, in MiniSearch's field-id order. */
  fields: string[];
  /** MiniSearch's average length of each field, in that order. */
  averageFieldLength: number[];
  /** How many term shard files there are; a term lives in shard termShard(term, termShards). */
  termShards: number;
  /** Records per document block (listing positions n×docsPerBlock onwards). */
  docsPerBlock: number;
  /** Word lengths (folded) that have a vocabulary file. */
  wordLengths: number[];
}

/** search/listing.json: kind and regions of every record in id order, one byte each, base64. */
export interface ListingFile {
  records: number;
  /** kind index in the low 4 bits, region bitmask in the high 4 bits. */
  kindRegions: string;
}

/**
 * A term shard: term -> flat postings, per field that holds the term:
 * [fieldId, n, n gaps between listing positions, n term frequencies, n field lengths of those documents].
 */
export type TermShard = Record<string, number[]>;

/** A document block: [id, title, excerpt] for consecutive listing positions. */
export type DocBlock = [id: string, title: string, excerpt: string][];

/** A vocabulary file: [stem, the word form most often written, document frequency], for written forms of one length (folded). */
export type WordFile = [stem: string, word: string, documents: number][];

/** Longest word length with its own vocabulary file; longer words share it. */
export const MAX_WORD_LENGTH = 24;

/** Paths under the site root, shared by build, server and browser. */
export const SEARCH_PATHS = {
  manifest: 'search/manifest.json',
  listing: 'search/listing.json',
  terms: (n: number) => `search/terms/${n}.json`,
  docs: (n: number) => `search/docs/${n}.json`,
  words: (length: number) => `search/words/${Math.min(length, MAX_WORD_LENGTH)}.json`,
} as const;

/** The shard of a term: FNV-1a over its UTF-16 code units, modulo the shard count. */
export function termShard(term: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) hash = Math.imul(hash ^ term.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}

/** Encodes listing bytes as base64, without Node's Buffer (the same code runs in browsers and on the edge). */
export function encodeBytes(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Decodes base64 listing bytes. */
export function decodeBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
