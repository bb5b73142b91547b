/** Runs a /facts query against the sharded index: the same code in the server, on the edge and in the browser. */
import type { Kind, Region } from '../../schema/kinds-regions.ts';
import { facetsOf, kindOf, positionFilter, regionsOf, type Filters, type PositionFilter } from '../index/listing.ts';
import { foldText, processTerm, QUERY_WORD, queryTerms, significantWords } from '../text/normalize.ts';
import { completing, keepsLastWord, PREFIX_MARK, prefixSlot, typedPrefix } from './prefix.ts';
import { partialContext, partialScore } from '../score/partial-score.ts';
import { createMatchCaches, matchesBytes, type CacheUsage, type SearchCacheBounds } from './match-cache.ts';
import {
  openShardStore,
  SHARD_STORE_BOUNDS,
  type ReadSearchFile,
  type ShardStoreBounds,
} from '../store/shard-store.ts';
import type { WordFile } from '../index/shards.ts';
import { suggest, WORD_UNITS, type Suggestion } from '../assist/suggest.ts';
import { namedRegions, rankFactors } from '../score/score.ts';
import { createSynonyms, slotsKey, type Slot } from './synonyms.ts';
import { RANK_WEIGHTS } from '../score/rank-weights.ts';
import { createTopK, type Evaluation, type Evaluator, type TopKContext } from '../top-k/top-k.ts';
import { TERM_INDEX_BOUNDS, type TermIndexBounds } from '../score/term-index.ts';
import { createWorkBudget, WORK_LIMITS, type WorkBudget, type WorkLimits } from './work-budget.ts';

/** A /facts query once validated. */
export interface FactsQuery {
  q?: string | undefined;
  kind?: Kind | undefined;
  region?: Region | undefined;
  limit: number;
  offset: number;
  /** The site only: the last word, when q ends with it, also matches as a prefix (prefix.ts). */
  prefix?: boolean | undefined;
  /** The site only: words of q that are confident corrections (suggest.ts), counted at RANK_WEIGHTS.correction. */
  corrected?: readonly string[] | undefined;
}

/** A query without its page: what counts, facets and the site's blend ask. */
export type UnpagedQuery = Omit<FactsQuery, 'limit' | 'offset'>;

/** How the site lets q's words match beyond the API's rule. */
type Variants = Pick<FactsQuery, 'prefix' | 'corrected'>;

/** One result as a list shows it. */
export interface ResultCard {
  id: string;
  title: string;
  excerpt: string;
  kind: Kind;
  regions: Region[];
}

/** One page of matches: ids in order (and their cards), the total, and the index terms that matched (for highlighting). */
export interface SearchPage {
  ids: string[];
  cards: ResultCard[];
  total: number;
  terms: string[];
}

/** How many matches of q each kind and region has (each count applies the other filter only). */
export type Facets = ReturnType<typeof facetsOf>;

/** Records of another query that q does not match, scored as q scores them, as listing positions (cards read later). */
export interface PartialPage {
  /** q's first matches, in search()'s order, and their scores on the same scale. */
  exact: number[];
  exactScores: number[];
  /** The other query's records that q does not match, best first (ties by id); part of a phrase slot scores 0. */
  positions: number[];
  scores: number[];
  /** How many of q's slots each of those records lacks, and how many slots q has. */
  lacking: number[];
  slots: number;
  /** Index terms of the other query that matched, for highlighting. */
  terms: string[];
}

/** A loaded search engine. */
export interface SearchEngine {
  search(query: FactsQuery): Promise<SearchPage>;
  facets(query: UnpagedQuery): Promise<Facets>;
  /** Corrections, completions or shortenings of q that find something with the same filters (suggest.ts). */
  suggest(query: Pick<FactsQuery, 'q' | 'kind' | 'region' | 'prefix'>, budget?: WorkBudget): Promise<Suggestion[]>;
  /** The site's blend (blend.ts): `shorter`'s best records that q does not match, scored as q scores them. */
  partial(query: UnpagedQuery & { q: string }, shorter: string, limit: number): Promise<PartialPage>;
  /** The site only: the best records that match q only with its last word completed (« examen théo »), `lacking` 0. */
  completions(query: Omit<UnpagedQuery, 'prefix'> & { q: string }, limit: number): Promise<PartialPage>;
  /** The cards of listing positions (from partial()), reading only their document blocks. */
  cards(positions: readonly number[]): Promise<ResultCard[]>;
  /** q's distinct significant words as typed, grouped by the slot they make (a phrase of the synonyms file is one). */
  slotWords(q: string): string[][];
  /** Whether q ends with a word that is no complete word of the index, no record holds and has no synonym. */
  openLastWord(q: string): Promise<boolean>;
  /** Whether q ends with a word that longer index words start with, and that the synonyms file does not hold. */
  lastWordGrows(q: string): Promise<boolean>;
  /** What the ranking cache and the query-key cache hold now. */
  cacheUsage(): { rankings: CacheUsage; queries: CacheUsage };
  /** What the top-k evaluator's term index cache holds now. */
  termUsage(): CacheUsage;
  /** Builds every term's index and reads the vocabulary, yielding every PRELOAD_SLICE_MS; resolves to the term count. */
  preload(): Promise<number>;
}

const noPartial = (): PartialPage => ({
  exact: [],
  exactScores: [],
  positions: [],
  scores: [],
  lacking: [],
  slots: 0,
  terms: [],
});

/** Marks a corrected word's slot in a cache key (no index term holds it). */
const CORRECTION_MARK = '~';

/** Longest stretch of preloading work between two yields to the event loop. */
export const PRELOAD_SLICE_MS = 10;

/** The engine's options; every one has its default. */
export interface SearchEngineOptions {
  /** Bounds of the ranking and query caches (SEARCH_CACHE_BOUNDS). */
  cache?: Partial<SearchCacheBounds>;
  /** Work budgets (WORK_LIMITS). */
  work?: Partial<WorkLimits>;
  /** What evaluates queries: top-k by default; tests and the bench pass the reference (reference.ts). */
  evaluator?: (context: TopKContext) => Evaluator;
  /** Records read per term between the top-k evaluator's bound checks (top-k.ts BATCH). */
  batch?: number;
  /** Memory bounds of the files read and of the term indices built from them (SEARCH_BOUNDS). */
  bounds?: Partial<SearchBounds>;
}

/** Every memory bound of an engine beside its query caches. */
export interface SearchBounds {
  /** Decoded term files and document blocks (shard-store.ts). */
  files: Partial<ShardStoreBounds>;
  /** Term indices that top-k builds from decoded term files (term-index.ts). */
  termIndices: TermIndexBounds;
}

/** Defaults: SHARD_STORE_BOUNDS and TERM_INDEX_BOUNDS. */
export const SEARCH_BOUNDS: SearchBounds = { files: SHARD_STORE_BOUNDS, termIndices: TERM_INDEX_BOUNDS };

/** A cached top-k evaluation and the index terms that matched. */
interface Evaluated {
  terms: string[];
  evaluation: Evaluation;
}

/**
 * Opens the engine over files read by `read` (site-root paths): what the server, the edge and the browser call. It
 * lists records in id order without significant words, else by score, ties by id.
 */
export async function openSearchEngine(read: ReadSearchFile, options: SearchEngineOptions = {}): Promise<SearchEngine> {
  const store = await openShardStore(read, options.bounds?.files);
  const work = { ...WORK_LIMITS, ...options.work };
  const { manifest, kindRegions } = store;
  const identity = Int32Array.from({ length: manifest.records }, (_, i) => i);
  // Evaluations are cached by their key (normalised slots); raw query strings map to keys in a second LRU.
  const caches = createMatchCaches<Evaluated>(
    options.cache,
    (entry) => matchesBytes(entry.evaluation.count, entry.terms) + Math.ceil(manifest.records / 8),
  );

  const synonyms = createSynonyms(store.synonyms);
  const scoring = partialContext(manifest, kindRegions);
  const topK = (options.evaluator ?? createTopK)({
    manifest,
    kindRegions,
    ...(options.batch ? { batch: options.batch } : {}),
    terms: options.bounds?.termIndices ?? SEARCH_BOUNDS.termIndices,
  });

  /** The cache key of q: its slots, sorted, so a set of words always sums its scores in one order. */
  function keyOf(q: string): string {
    let key = caches.queries?.get(q);
    if (key === undefined) {
      key = slotsKey(synonyms.slots(queryTerms(q)));
      caches.queries?.set(q, key);
    }
    return key;
  }

  /** The key of q with its last word's own slot made a prefix slot ("typed*") when that word may grow. */
  function typingKeyOf(q: string): string {
    const key = keyOf(q);
    const typed = typedPrefix(q);
    if (typed === null) return key;
    const slots = synonyms.slots(queryTerms(q));
    const at = slots.findIndex((slot) => slot.terms.length === 1 && slot.terms[0] === typed.term);
    if (at < 0) return key;
    return slotsKey(
      slots.map((slot, i) => (i === at ? { terms: [`${typed.folded}${PREFIX_MARK}`], options: [] } : slot)),
    );
  }

  /** The key of q with its corrected words' slots marked ("term~"): they count at RANK_WEIGHTS.correction. */
  function correctedKeyOf(key: string, corrected: readonly string[] | undefined): string {
    if (!corrected?.length) return key;
    const terms = new Set(queryTerms(corrected.join(' ')));
    return key
      .split(' ')
      .map((token) => (terms.has(token) ? `${token}${CORRECTION_MARK}` : token))
      .join(' ');
  }

  /** The slot of a key token: terms joined by "+", a prefix slot ("typed*"), or a corrected word's ("term~"). */
  function slotOf(token: string): Slot | Promise<Slot> {
    if (token.endsWith(PREFIX_MARK)) return prefixSlot(token.slice(0, -1), synonyms, store);
    if (!token.endsWith(CORRECTION_MARK)) return synonyms.slots(token.split('+'))[0]!;
    const own = synonyms.slots([token.slice(0, -1)])[0]!;
    return {
      terms: own.terms,
      options: own.options.map((o) => ({ terms: o.terms, weight: o.weight * RANK_WEIGHTS.correction })),
    };
  }

  /** A key's slots and the postings of their options' distinct terms, read in one batch. */
  async function load(key: string) {
    const slots = await Promise.all(key.split(' ').map(slotOf));
    const wanted = [...new Set(slots.flatMap((slot) => slot.options.flatMap((o) => o.terms)))];
    const lists = new Map(wanted.map((term, i) => [term, i]));
    const loaded = await store.postings(wanted);
    const input = slots.map((slot) => ({
      options: slot.options.map((o) => ({ lists: o.terms.map((t) => loaded[lists.get(t)!]), weight: o.weight })),
    }));
    const quality = slots.reduce((n, slot) => n + slot.terms.length, 0);
    const found = (matched: boolean) =>
      matched ? wanted.filter((term) => loaded[lists.get(term)!] !== undefined) : [];
    return { slots, loaded, input, quality, found };
  }

  /** The work units of searching q: words, slots, and postings when every slot can match; never depends on caches. */
  async function workOf(q: string): Promise<number> {
    const words = WORD_UNITS * (q.match(QUERY_WORD)?.length ?? 0);
    const key = keyOf(q);
    if (key === '') return words + 1;
    const { input, loaded } = await load(key);
    if (!input.every((slot) => slot.options.some((o) => o.lists.every((list) => list !== undefined))))
      return words + input.length + loaded.length;
    let postings = 0;
    for (const list of loaded) for (const field of list ?? []) postings += field ? field.docs.length : 0;
    return words + input.length + postings;
  }

  // Records per listing byte over the whole listing: the facets without significant words.
  const everyRecord = new Int32Array(256);
  for (const byte of kindRegions) everyRecord[byte]! += 1;

  const keyFor = (q: string | undefined, { prefix, corrected }: Variants) =>
    q === undefined ? '' : correctedKeyOf(prefix ? typingKeyOf(q) : keyOf(q), corrected);

  // Evaluations in progress, by key: one search's page, facets and filter counts ask for the same key at once.
  const computing = new Map<string, Promise<Evaluated>>();

  /** The top-k evaluation of q (top-k.ts), cached by its key; null without significant words. */
  function evaluated(q: string | undefined, variants: Variants = {}): Promise<Evaluated | null> {
    const key = keyFor(q, variants);
    if (key === '') return Promise.resolve(null);
    const hit = caches.rankings?.get(key) as Evaluated | undefined;
    if (hit) return Promise.resolve(hit);
    let pending = computing.get(key);
    if (!pending) {
      pending = evaluate(key).finally(() => computing.delete(key));
      computing.set(key, pending);
    }
    return pending;
  }

  async function evaluate(key: string): Promise<Evaluated> {
    const { slots, input, quality, found } = await load(key);
    const evaluation = topK.evaluate(input, quality, namedRegions(slots));
    const result: Evaluated = { terms: found(evaluation.count > 0), evaluation };
    caches.rankings?.set(key, result);
    return result;
  }

  async function search({ q, kind, region, limit, offset, prefix, corrected }: FactsQuery): Promise<SearchPage> {
    const keep = positionFilter(kindRegions, { kind, region });
    const result = await evaluated(q, { prefix, corrected });
    let top: number[];
    let total: number;
    let terms: string[] = [];
    if (result) {
      total = result.evaluation.total({ kind, region });
      top = result.evaluation.top(keep, offset + limit, total).top;
      terms = result.terms;
    } else {
      // No significant word: every record kept by the filters, in id order.
      const kept = keep ? identity.filter(keep) : identity;
      total = kept.length;
      top = Array.from(kept.subarray(0, offset + limit));
    }
    const page = top.slice(offset);
    const cards = await cardsOf(page);
    return { ids: cards.map((c) => c.id), cards, total, terms: page.length ? terms : [] };
  }

  /** Every match of q (listing positions, ascending); every record without significant words. */
  async function positionsOf(q: string | undefined, variants: Variants): Promise<Int32Array> {
    return (await evaluated(q, variants))?.evaluation.positions ?? identity;
  }

  /** The `count` best matches of q kept by `keep` (listing positions, best first); none without significant words. */
  async function topOf(q: string, keep: PositionFilter, count: number, variants: Variants): Promise<number[]> {
    return (await evaluated(q, variants))?.evaluation.top(keep, count).top ?? [];
  }

  /** Scores of listing positions under a key, one record at a time (partial-score.ts), and its slot count. */
  async function scorerOf(key: string) {
    const { slots, input, quality } = await load(key);
    const options = input.map((slot) => slot.options);
    const factors = rankFactors(slots.length, quality, namedRegions(slots));
    return { scoreOf: (at: number) => partialScore(options, factors, at, scoring), slots: slots.length };
  }

  /**
   * q's best matches and `other`'s best records that q does not match, scored as q scores them (their lacking slots
   * counted) or, `asOther`, as `other` scores them (a completion of q holds every slot).
   */
  async function rankedOthers(
    q: string,
    filters: Filters,
    variants: Variants,
    other: string,
    otherVariants: Variants,
    limit: number,
    asOther = false,
  ): Promise<PartialPage> {
    const filter = positionFilter(kindRegions, filters);
    const matching = new Set(await positionsOf(q, variants));
    const exact = matching.size ? await topOf(q, filter, limit, variants) : [];
    const others = await topOf(other, (at) => !matching.has(at) && (!filter || filter(at)), limit, otherVariants);
    const own = await scorerOf(keyFor(q, variants));
    const scoreOf = asOther ? (await scorerOf(keyFor(other, otherVariants))).scoreOf : own.scoreOf;
    const scored = others
      .map((at) => {
        const { score, held } = scoreOf(at);
        return { at, score, lacking: asOther ? 0 : held.filter((h) => !h).length };
      })
      .sort((a, b) => b.score - a.score || a.at - b.at);
    return {
      exact,
      exactScores: exact.map((at) => own.scoreOf(at).score),
      positions: scored.map((s) => s.at),
      scores: scored.map((s) => s.score),
      lacking: scored.map((s) => s.lacking),
      slots: own.slots,
      terms: scored.length ? ((await evaluated(other, otherVariants))?.terms ?? []) : [],
    };
  }

  /** Index words longer than `start` that start with it; none for a word of the synonyms file (typed whole). */
  async function longerWords(start: string): Promise<WordFile> {
    const term = processTerm(start);
    if (term === null || synonyms.has(term)) return [];
    return completing(await store.prefixes(start), start, term);
  }

  async function lastWordGrows(q: string): Promise<boolean> {
    const typed = typedPrefix(q);
    return typed !== null && (await longerWords(typed.folded)).length > 0;
  }

  async function cardsOf(positions: readonly number[]): Promise<ResultCard[]> {
    const docs = await store.docs([...positions]);
    return docs.map(([id, title, excerpt], i) => ({
      id,
      title,
      excerpt,
      kind: kindOf(kindRegions[positions[i]!]!),
      regions: regionsOf(kindRegions[positions[i]!]!),
    }));
  }

  return {
    search,
    async partial({ q, kind, region, prefix, corrected }, shorter, limit) {
      const variants = { prefix, corrected };
      if (keyFor(q, variants) === '') return noPartial();
      // The shorter query completes its last word too when it is q's open last word (it was not the word left out).
      const shorterVariants = { prefix: prefix === true && keepsLastWord(q, shorter), corrected };
      return rankedOthers(q, { kind, region }, variants, shorter, shorterVariants, limit);
    },
    async completions({ q, kind, region, corrected }, limit) {
      const typed = { corrected };
      const grown = { prefix: true, corrected };
      if (keyFor(q, typed) === '' || !(await lastWordGrows(q))) return noPartial();
      return rankedOthers(q, { kind, region }, typed, q, grown, limit, true);
    },
    cards: cardsOf,
    slotWords(q) {
      const words = significantWords(q);
      const groups = synonyms.slots(words.map((w) => w.term)).map((slot) => new Set(slot.terms));
      const grouped = new Map<Set<string>, string[]>();
      for (const { text, term } of words) {
        const group = groups.find((terms) => terms.has(term))!;
        grouped.set(group, [...(grouped.get(group) ?? []), text]);
      }
      return [...grouped.values()];
    },
    async openLastWord(q) {
      // A word that finds records as typed is not completed: a completion never reorders records holding every word.
      const typed = typedPrefix(q);
      if (typed === null) return false;
      const [lists] = await store.postings([typed.term]);
      if (lists !== undefined || synonyms.has(typed.term)) return false;
      // Some longer written form that records hold starts with it, and it is none.
      const forms = (await store.prefixes(typed.folded)).filter((e) => e[2] > 0).map(([, word]) => foldText(word));
      return (
        !forms.includes(typed.folded) &&
        forms.some((form) => form.length > typed.folded.length && form.startsWith(typed.folded))
      );
    },
    lastWordGrows,
    async facets(query) {
      return facetsOf((await evaluated(query.q, query))?.evaluation.histogram ?? everyRecord, query);
    },
    suggest({ q, kind, region, prefix }, budget = createWorkBudget(work.suggest)) {
      if (q === undefined) return Promise.resolve([]);
      return suggest(
        q,
        {
          cost: workOf,
          // A word of the synonyms file is known even when no record holds it: it matches through its synonyms.
          known: async (terms) =>
            (await store.postings(terms)).map((list, i) => list !== undefined || synonyms.has(terms[i]!)),
          words: (lengths) => store.words(lengths, 'held'),
          lexicon: (lengths) => store.words(lengths, 'lexicon'),
          longer: longerWords,
          total: async (corrected, open) =>
            (await search({ q: corrected, kind, region, limit: 0, offset: 0, prefix: open })).total,
          best: async (shorter, open) => {
            // The best record the shorter query adds to q's own matches.
            const filter = positionFilter(kindRegions, { kind, region });
            const exact = new Set(await positionsOf(q, {}));
            const keep = exact.size === 0 ? filter : (at: number) => !exact.has(at) && (!filter || filter(at));
            return (await evaluated(shorter, { prefix: open }))?.evaluation.top(keep, 1).scores[0] ?? 0;
          },
        },
        budget,
        prefix === true,
      );
    },
    cacheUsage: caches.usage,
    termUsage: topK.termUsage,
    async preload() {
      const terms = await store.terms();
      let slice = performance.now();
      for (const term of terms) {
        const [lists] = await store.postings([term]);
        if (lists) topK.prepare(lists);
        if (performance.now() - slice > PRELOAD_SLICE_MS) {
          await new Promise((resolve) => setTimeout(resolve, 0));
          slice = performance.now();
        }
      }
      await store.words(manifest.wordLengths, 'held');
      return terms.length;
    },
  };
}
