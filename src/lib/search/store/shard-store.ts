/** Reads the sharded index lazily: the manifest and listing once, then only the files queries need, in bounded LRUs. */
import type { LRUCache } from 'lru-cache';
import { boundedCache, type CacheBounds } from '../../bounded-cache.ts';
import { decodeNumbers } from '../index/number-code.ts';
import {
  decodeListing,
  MAX_WORD_LENGTH,
  prefixKey,
  SEARCH_PATHS,
  termShard,
  shardKeys,
  type DocBlock,
  type ListingFile,
  type SearchManifest,
  type TermShard,
  type WordFile,
} from '../index/shards.ts';
import type { Postings } from '../score/score.ts';
import type { SynonymsArtefact } from '../query/synonyms.ts';
import { languageName } from '../text/language.ts';

/** Reads a file by its path under the site root; null (or a throw) when it cannot. */
export type ReadSearchFile = (path: string) => Promise<string | null>;

/** Bounds of the store's caches: decoded term shards, document blocks. */
export interface ShardStoreBounds {
  terms: CacheBounds;
  docs: CacheBounds;
}

/** Defaults: 64 MiB of term shards, 8 MiB of document blocks. */
export const SHARD_STORE_BOUNDS: ShardStoreBounds = {
  terms: { entries: 4_000, bytes: 64 * 2 ** 20 },
  docs: { entries: 4_000, bytes: 8 * 2 ** 20 },
};

/** A term's postings per field id (undefined where the field lacks the term). */
export type TermPostings = (Postings | undefined)[];

/** An opened index: global figures and listing in memory, the rest read on demand. */
export interface ShardStore {
  manifest: SearchManifest;
  /** Kind index (low 4 bits) and region mask (high 4 bits) per listing position. */
  kindRegions: Uint8Array;
  /** The build's synonyms (search/synonyms.json), read once. */
  synonyms: SynonymsArtefact;
  /** The postings of each term (undefined for a term no record holds), reading their shards. */
  postings(terms: readonly string[]): Promise<(TermPostings | undefined)[]>;
  /** The [id, title, excerpt] of listing positions, reading their blocks. */
  docs(positions: readonly number[]): Promise<DocBlock>;
  /** Every term of the index, reading every hash shard: the terms of their own files last (preloading). */
  terms(): Promise<string[]>;
  /** The vocabulary entries of these folded lengths that records hold, or the real words they lack (`lexicon`). */
  words(lengths: readonly number[], part: 'held' | 'lexicon'): Promise<WordFile>;
  /** The vocabulary entries that start with the first two letters of `folded`, most frequent first. */
  prefixes(folded: string): Promise<WordFile>;
}

/** Decodes one term's postings (see TermShard). */
function decode(code: string): TermPostings {
  const flat = decodeNumbers(code);
  const fields: TermPostings = [];
  for (let i = 0; i < flat.length; ) {
    const field = flat[i]!;
    const n = flat[i + 1]!;
    const docs = new Int32Array(n);
    let at = 0;
    for (let j = 0; j < n; j++) docs[j] = at += flat[i + 2 + j]!;
    // The typed-array constructor copies natively (Int32Array.from would go through the iterator).
    fields[field] = {
      docs,
      freqs: new Int32Array(flat.subarray(i + 2 + n, i + 2 + 2 * n)),
      lengths: new Int32Array(flat.subarray(i + 2 + 2 * n, i + 2 + 3 * n)),
    };
    i += 2 + 3 * n;
  }
  return fields;
}

/** Sizes of loaded files, by their promise: a pending file counts as 64 until it is stored again under its size. */
const sizes = new WeakMap<Promise<unknown>, number>();
const sizeOfPending = (pending: Promise<unknown>) => sizes.get(pending) ?? 64;

/** A file read once into a bounded cache, the pending read shared, stored again under its size; a failure forgotten. */
function cachedLoad<B, T>(
  cache: LRUCache<string, Promise<T>>,
  key: string,
  load: () => Promise<B>,
  parse: (body: B) => [T, number],
): Promise<T> {
  let pending = cache.get(key);
  if (!pending) {
    const loading: Promise<T> = load().then((body) => {
      const [value, size] = parse(body);
      sizes.set(loading, size);
      if (cache.peek(key) === loading) cache.set(key, loading);
      return value;
    });
    loading.catch(() => cache.delete(key));
    cache.set(key, (pending = loading));
  }
  return pending;
}

/** Opens the index through `read`: reads the manifest and the listing now, everything else lazily. */
export async function openShardStore(
  read: ReadSearchFile,
  bounds: Partial<ShardStoreBounds> = {},
): Promise<ShardStore> {
  const limits = { ...SHARD_STORE_BOUNDS, ...bounds };
  const text = async (path: string) => {
    const body = await read(path);
    if (body === null) throw new Error(`search file ${path} is missing`);
    return body;
  };
  const [manifest, listing, synonyms] = (
    await Promise.all([SEARCH_PATHS.manifest, SEARCH_PATHS.listing, SEARCH_PATHS.synonyms].map((path) => text(path)))
  ).map((body) => JSON.parse(body)) as [SearchManifest, ListingFile, SynonymsArtefact];
  if (manifest.version !== 5)
    throw new Error(`search/manifest.json has version ${String(manifest.version)}, expected 5`);
  if (synonyms.version !== 1 || !Array.isArray(synonyms.rules))
    throw new Error(`search/synonyms.json has version ${String(synonyms.version)}, expected 1`);
  // The terms are stems: a query stemmed another way would miss silently, so another language is refused.
  if (manifest.language !== languageName()) {
    throw new Error(
      `search/manifest.json was built with language "${String(manifest.language)}", this engine stems with "${languageName()}": rebuild the index (npm run build) with the same text/language.ts`,
    );
  }
  const kindRegions = decodeListing(listing);
  const keyOf = shardKeys(synonyms.families);
  if (kindRegions.length !== manifest.records)
    throw new Error(`search/listing.json holds ${kindRegions.length} records, the manifest ${manifest.records}`);

  // A shard maps terms to postings or to a large term's own file. Postings stay coded until asked for: decoding a whole
  // shard cost a phone over 100 ms. A shard counts 6 bytes a character: the code's 2 and at most 4 once decoded.
  type Shard = Map<string, TermPostings | number | string>;
  const shards = boundedCache<Promise<Shard>>(limits.terms, sizeOfPending);
  const bigTerms = boundedCache<Promise<TermPostings>>(limits.terms, sizeOfPending);
  const blocks = boundedCache<Promise<DocBlock>>(limits.docs, sizeOfPending);
  const wordFiles = new Map<number, Promise<Record<'held' | 'lexicon', WordFile>>>();
  const prefixFiles = boundedCache<Promise<WordFile>>(limits.docs, sizeOfPending);

  const shard = (n: number) =>
    cachedLoad(
      shards,
      String(n),
      () => text(SEARCH_PATHS.terms(n)),
      (body) => [new Map(Object.entries(JSON.parse(body) as TermShard)) as Shard, 64 + 6 * body.length],
    );
  // The big-term cache shares the term shards' bounds.
  const bigTerm = (n: number, k: number) =>
    cachedLoad(
      bigTerms,
      `${n}-${k}`,
      () => text(SEARCH_PATHS.bigTerm(n, k)),
      (body) => {
        const decoded = decode(JSON.parse(body) as string);
        // 12 bytes a posting.
        return [decoded, decoded.reduce((sum, p) => sum + (p ? 12 * p.docs.length : 0), 64)];
      },
    );
  const block = (n: number) =>
    cachedLoad(
      blocks,
      String(n),
      () => text(SEARCH_PATHS.docs(n)),
      (body) => [JSON.parse(body) as DocBlock, 2 * body.length],
    );

  /** A term's postings: from its shard, or from its own file when the shard names one. */
  async function termPostings(term: string): Promise<TermPostings | undefined> {
    const n = termShard(keyOf(term), manifest.termShards);
    const entries = await shard(n);
    const found = entries.get(term);
    if (typeof found === 'number') return bigTerm(n, found);
    if (typeof found !== 'string') return found;
    const decoded = decode(found);
    entries.set(term, decoded);
    return decoded;
  }

  return {
    manifest,
    kindRegions,
    synonyms,
    postings(terms) {
      return Promise.all(terms.map(termPostings));
    },
    async terms() {
      const loaded = await Promise.all(Array.from({ length: manifest.termShards }, (_, n) => shard(n)));
      const entries = loaded.flatMap((entries) => [...entries]);
      return [
        ...entries.filter(([, v]) => typeof v !== 'number'),
        ...entries.filter(([, v]) => typeof v === 'number'),
      ].map(([term]) => term);
    },
    async docs(positions) {
      const size = manifest.docsPerBlock;
      const wanted = [...new Set(positions.map((at) => Math.floor(at / size)))];
      const loaded = new Map(await Promise.all(wanted.map(async (n) => [n, await block(n)] as const)));
      return positions.map((at) => loaded.get(Math.floor(at / size))![at % size]!);
    },
    async words(lengths, part) {
      const present = [...new Set(lengths.map((length) => Math.min(length, MAX_WORD_LENGTH)))].filter((length) =>
        manifest.wordLengths.includes(length),
      );
      const files = await Promise.all(
        present.map((length) => {
          let pending = wordFiles.get(length);
          if (!pending) {
            pending = text(SEARCH_PATHS.words(length)).then((body) => {
              const entries = JSON.parse(body) as WordFile;
              return { held: entries.filter((e) => e[2] > 0), lexicon: entries.filter((e) => e[2] === 0) };
            });
            pending.catch(() => wordFiles.delete(length));
            wordFiles.set(length, pending);
          }
          return pending;
        }),
      );
      return files.length === 1 ? files[0]![part] : files.flatMap((file) => file[part]);
    },
    prefixes(folded) {
      const key = prefixKey(folded);
      if (key === null) return Promise.resolve([]);
      // Two letters no indexed word starts with have no file: no completion, as when the file cannot be read.
      return cachedLoad(
        prefixFiles,
        key,
        () => Promise.resolve(read(SEARCH_PATHS.prefixes(key))).catch(() => null),
        (body) => [body === null ? [] : (JSON.parse(body) as WordFile), 2 * (body?.length ?? 0)],
      );
    },
  };
}

/** Every record of a build in id order: id, kind number and region mask (tools and tests). */
export async function readFullListing(
  read: ReadSearchFile,
): Promise<{ ids: string[]; kinds: number[]; regions: number[] }> {
  const store = await openShardStore(read);
  const positions = Array.from({ length: store.manifest.records }, (_, i) => i);
  const docs = await store.docs(positions);
  return {
    ids: docs.map(([id]) => id),
    kinds: Array.from(store.kindRegions, (b) => b & 0x0f),
    regions: Array.from(store.kindRegions, (b) => b >> 4),
  };
}
