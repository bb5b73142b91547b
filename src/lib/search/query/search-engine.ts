/** Runs a /facts query against the sharded index: the same code in the server, on the edge and in the browser. */
import type { Kind, Region } from '../../schema/kinds-regions.ts';
import { facetsOf, kindOf, positionFilter, regionsOf } from '../index/listing.ts';
import { processTerm, queryTerms, textWords, WORD } from '../text/normalize.ts';
import { completing, keepsLastWord, openLastWord, PREFIX_MARK, prefixSlot, typedPrefix } from './prefix.ts';
import { partialContext, partialScore } from '../score/partial-score.ts';
import { createMatchCaches, matchesBytes, type CacheUsage, type SearchCacheBounds } from './match-cache.ts';
import {
  openShardStore,
  SHARD_STORE_BOUNDS,
  type ReadSearchFile,
  type ShardStore,
  type ShardStoreBounds,
} from '../store/shard-store.ts';
import type { WordFile } from '../index/shards.ts';
import { suggest, WORD_UNITS, type Suggestion } from '../assist/suggest.ts';
import { namedRegions, rankFactors } from '../score/score.ts';
import { createSynonyms, slotsKey, type Slot } from './synonyms.ts';
import { RANK_WEIGHTS } from '../score/rank-weights.ts';
import { createTopK, type Evaluation, type Evaluator, type TopKContext } from '../top-k/top-k.ts';
import { TERM_INDEX_BOUNDS, type TermIndexBounds } from '../score/term-index.ts';
import { createWorkBudget, POSTINGS_PER_UNIT, WORK_LIMITS, type WorkBudget, type WorkLimits } from './work-budget.ts';

/** A /facts query once validated. */
export interface FactsQuery {
  q?: string | undefined;
  kind?: Kind | undefined;
  region?: Region | undefined;
  limit: number;
  offset: number;
  /**
   * The site only, never the API: the last word, when q ends with it, also matches as the start of a longer word
   * (prefix.ts); the search page sets it when that word is open (site-page.ts), typed or submitted alike.
   */
  prefix?: boolean | undefined;
  /**
   * The site only, never the API: index words of q that are confident corrections of typed non-words (suggest.ts);
   * each counts through its own slot's options at RANK_WEIGHTS.correction times their weight.
   */
  corrected?: readonly string[] | undefined;
}

/** How the site lets q's words match beyond the API's rule: the open last word's completions, the corrections' weight. */
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
export interface Facets {
  kinds: Record<Kind, number>;
  regions: Record<Region, number>;
}

/**
 * Records of a shorter query that q does not match, scored as q scores them (SearchEngine.partial). Listing positions
 * (id order), so that only the records a page then shows have their cards read (SearchEngine.cards).
 */
export interface PartialPage {
  /** q's first matches, in search()'s order, and their scores on the same scale. */
  exact: number[];
  exactScores: number[];
  /**
   * The shorter query's records that q does not match, best first by q's score (ties by id). One that holds only part
   * of a phrase slot (synonyms.ts) holds none of q's slots and scores 0: it can only fill a page that q leaves short.
   */
  positions: number[];
  scores: number[];
  /** How many of q's slots each of those records lacks (at least 1), and how many slots q has. */
  lacking: number[];
  slots: number;
  /** Index terms of the shorter query that matched, for highlighting. */
  terms: string[];
}

/** A loaded search engine. */
export interface SearchEngine {
  readonly size: number;
  search(query: FactsQuery): Promise<SearchPage>;
  facets(query: Pick<FactsQuery, 'q' | 'kind' | 'region' | 'prefix' | 'corrected'>): Promise<Facets>;
  /**
   * Corrections of q's unknown words, else q without its fewest words, that find something with the same filters
   * (suggest.ts); shortenings rank by the best record they add to q's own matches. The API asks when q finds nothing.
   */
  suggest(query: Pick<FactsQuery, 'q' | 'kind' | 'region' | 'prefix'>, budget?: WorkBudget): Promise<Suggestion[]>;
  /**
   * For the search page's blend (blend.ts), never the API: the scores of q's `limit` best matches (search()'s order),
   * and the `limit` best records of `shorter` (q without some words) that q does not match, rescored as q scores
   * them, the slots each lacks contributing 0 (partial-score.ts), best first, ties by id. With `prefix`, q's last word
   * counts through its completions too (prefix.ts), and so does `shorter`'s when it ends with the same word.
   */
  partial(
    query: Pick<FactsQuery, 'q' | 'kind' | 'region' | 'prefix' | 'corrected'> & { q: string },
    shorter: string,
    limit: number,
  ): Promise<PartialPage>;
  /**
   * For the search page, never the API: when q ends with a complete word that may grow (prefix.ts), the scores of q's
   * `limit` best matches, and the `limit` best records that match q only with that word completed (« examen théo »:
   * théorique), scored as the completed query scores them (a completion at RANK_WEIGHTS.prefix), best first, ties by id.
   * The same shape as partial(): `lacking` is all 0.
   */
  completions(
    query: Pick<FactsQuery, 'q' | 'kind' | 'region' | 'corrected'> & { q: string },
    limit: number,
  ): Promise<PartialPage>;
  /** The cards of listing positions (from partial()), reading only their document blocks. */
  cards(positions: readonly number[]): Promise<ResultCard[]>;
  /**
   * q's distinct significant words as typed, grouped by the slot they make (synonyms.ts: a phrase of the synonyms file,
   * « driving licence », is one slot, which neither of its words makes alone), in typed order.
   */
  slotWords(q: string): string[][];
  /**
   * Whether q ends with a word that is not a complete word of the index (prefix.ts openLastWord), that no record holds
   * (not even its stem) and that has no synonym: the site completes it.
   */
  openLastWord(q: string): Promise<boolean>;
  /**
   * Whether q ends with a word that longer index words start with, and that the synonyms file does not hold: the
   * search page completes it when q finds nothing with it as typed, and suggest() offers its completions first.
   */
  lastWordGrows(q: string): Promise<boolean>;
  /** What the ranking cache and the query-key cache hold now, in entries and counted bytes. */
  cacheUsage(): { rankings: CacheUsage; queries: CacheUsage };
  /** What the top-k evaluator's term index cache holds now (term-index.ts). */
  termUsage(): CacheUsage;
  /**
   * Decodes every term, builds its term index and impact order, and reads the vocabulary files, within the caches'
   * bounds, so that no later query pays for them (a server, before it says it is ready). Yields to the event loop
   * every PRELOAD_SLICE_MS, so that a server preloading a new build keeps answering from the old one. Resolves to the
   * number of terms.
   */
  preload(): Promise<number>;
}

/** A PartialPage with no record. */
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
  /** What evaluates queries: top-k (createTopK, the default); tests and the bench pass the reference (reference.ts). */
  evaluator?: (context: TopKContext) => Evaluator;
  /** Records read per term between the top-k evaluator's bound checks (top-k.ts BATCH). */
  batch?: number;
  /** Memory bounds of the files read and of the term indices built from them (SEARCH_BOUNDS). */
  bounds?: Partial<SearchBounds>;
}

/** Every memory bound of an opened engine beside its query caches, as one object that the handler, the servers and the edge pass on. */
export interface SearchBounds {
  /** Decoded term files and document blocks (shard-store.ts). */
  files: Partial<ShardStoreBounds>;
  /** Term indices that top-k builds from decoded term files (term-index.ts). */
  termIndices: TermIndexBounds;
}

/** Defaults: SHARD_STORE_BOUNDS (64 + 8 MiB) and TERM_INDEX_BOUNDS (2,000 terms, 64 MiB). */
export const SEARCH_BOUNDS: SearchBounds = { files: SHARD_STORE_BOUNDS, termIndices: TERM_INDEX_BOUNDS };

/** A cached top-k evaluation and the index terms that matched. */
interface Evaluated {
  terms: string[];
  evaluation: Evaluation;
}

/**
 * Wraps an opened shard store. Without significant query words, records come in id order; with them, by score.ts's
 * score, ties broken by id, so every page walk is deterministic.
 */
export function createSearchEngine(store: ShardStore, options: SearchEngineOptions = {}): SearchEngine {
  const work = { ...WORK_LIMITS, ...options.work };
  const { manifest, kindRegions } = store;
  const identity = Int32Array.from({ length: manifest.records }, (_, i) => i);
  // Evaluations are cached (LRU) by their normalised terms: "L'Examen théorique" and "examen theorique" share an
  // entry. Raw query strings map to that key in a second, smaller LRU. Both are bounded.
  const caches = createMatchCaches<Evaluated>(
    options.cache,
    (entry) =>
      matchesBytes({ positions: { length: entry.evaluation.count }, terms: entry.terms }) +
      Math.ceil(manifest.records / 8),
  );

  const synonyms = createSynonyms(store.synonyms);
  const scoring = partialContext(manifest, kindRegions);
  const topK = (options.evaluator ?? createTopK)({
    manifest,
    kindRegions,
    titleField: scoring.titleField,
    leadField: scoring.leadField,
    ...(options.batch ? { batch: options.batch } : {}),
    terms: options.bounds?.termIndices ?? SEARCH_BOUNDS.termIndices,
  });

  /** The cache key of q: its slots (synonyms.ts), sorted, so a set of words always sums its scores in one order. */
  function keyOf(q: string): string {
    let key = caches.queries?.get(q);
    if (key === undefined) {
      key = slotsKey(synonyms.slots(queryTerms(q)));
      caches.queries?.set(q, key);
    }
    return key;
  }

  /** The key of q typed so far: the last word's slot becomes a prefix slot ("typed*") when q ends with a word that may grow. */
  function typingKeyOf(q: string): string {
    const key = keyOf(q);
    const typed = typedPrefix(q);
    if (typed === null) return key;
    const slots = synonyms.slots(queryTerms(q));
    // The typed word's own slot (not part of a phrase entry) becomes the prefix slot.
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

  /** The slot of a key token: a slot's own terms joined by "+", a prefix slot ("typed*"), or a corrected word's ("term~"). */
  function slotOf(token: string): Slot | Promise<Slot> {
    if (token.endsWith(PREFIX_MARK)) return prefixSlot(token.slice(0, -1), synonyms, store);
    if (!token.endsWith(CORRECTION_MARK)) return synonyms.slots(token.split('+'))[0]!;
    const own = synonyms.slots([token.slice(0, -1)])[0]!;
    return {
      terms: own.terms,
      options: own.options.map((o) => ({ terms: o.terms, weight: o.weight * RANK_WEIGHTS.correction })),
    };
  }

  /** The slots of a key, in key order. */
  function slotsOf(key: string): Promise<Slot[]> {
    return Promise.all(key.split(' ').map(slotOf));
  }

  /**
   * The work units of searching q (work-budget.ts): its words and slots, plus the postings of its terms when every
   * slot can match (else the scorer stops before reading any). Depends on the index and q only, never on what is cached.
   */
  async function workOf(q: string): Promise<number> {
    const words = WORD_UNITS * (q.match(WORD)?.length ?? 0);
    const key = keyOf(q);
    if (key === '') return words + 1;
    const slots = await slotsOf(key);
    const terms = [...new Set(slots.flatMap((slot) => slot.options.flatMap((o) => o.terms)))];
    const loaded = new Map((await store.postings(terms)).map((list, i) => [terms[i]!, list]));
    const holds = slots.every((slot) => slot.options.some((o) => o.terms.every((t) => loaded.get(t) !== undefined)));
    if (!holds) return words + slots.length + terms.length;
    let postings = 0;
    for (const list of loaded.values()) for (const field of list ?? []) postings += field ? field.docs.length : 0;
    return words + slots.length + Math.ceil(postings / POSTINGS_PER_UNIT);
  }

  /** A key's slots and their postings, read in one batch (a slot's synonyms with its own terms). */
  async function load(key: string) {
    const slots = await slotsOf(key);
    const wanted = [...new Set(slots.flatMap((slot) => slot.options.flatMap((o) => o.terms)))];
    const lists = new Map(wanted.map((term, i) => [term, i]));
    const loaded = await store.postings(wanted);
    const input = slots.map((slot) => ({
      options: slot.options.map((o) => ({ lists: o.terms.map((t) => loaded[lists.get(t)!]), weight: o.weight })),
    }));
    const quality = slots.reduce((n, slot) => n + slot.terms.length, 0);
    const found = (matched: boolean) =>
      matched ? wanted.filter((term) => loaded[lists.get(term)!] !== undefined) : [];
    return { slots, loaded, lists, input, quality, found };
  }

  // Records per listing byte over the whole listing: the facets without significant words.
  let histogram: Int32Array | undefined;
  const everyRecord = () => {
    if (!histogram) {
      histogram = new Int32Array(256);
      for (const byte of kindRegions) histogram[byte]! += 1;
    }
    return histogram;
  };

  const keyFor = (q: string | undefined, { prefix, corrected }: Variants) =>
    q === undefined ? '' : correctedKeyOf(prefix ? typingKeyOf(q) : keyOf(q), corrected);

  // Evaluations being computed, by key: the page, the facets and the filter counts of one search ask for the same key
  // at once, before the first has reached the cache, and each used to evaluate it again (on a phone's main thread).
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
  async function topOf(
    q: string,
    keep: ((position: number) => boolean) | null,
    count: number,
    variants: Variants = {},
  ): Promise<number[]> {
    return (await evaluated(q, variants))?.evaluation.top(keep, count).top ?? [];
  }

  async function partial(
    {
      q,
      kind,
      region,
      prefix,
      corrected,
    }: Pick<FactsQuery, 'kind' | 'region' | 'prefix' | 'corrected'> & { q: string },
    shorter: string,
    limit: number,
  ): Promise<PartialPage> {
    const variants = { prefix, corrected };
    const key = keyFor(q, variants);
    if (key === '') return noPartial();
    // The shorter query completes its last word too when it is q's open last word (it was not the word left out).
    const shorterVariants = {
      prefix: prefix === true && keepsLastWord(q, shorter),
      corrected,
    };
    const filter = positionFilter(kindRegions, { kind, region });
    const matching = new Set(await positionsOf(q, variants));
    const exact = matching.size ? await topOf(q, filter, limit, variants) : [];
    const others = await topOf(shorter, (at) => !matching.has(at) && (!filter || filter(at)), limit, shorterVariants);
    // Both lists scored by q's slots and terms, one record at a time: exact matches get q's own score.
    const { scoreOf, slots } = await scorerOf(key);
    const scored = others
      .map((at) => {
        const { score, held } = scoreOf(at);
        return { at, score, lacking: held.filter((h) => !h).length };
      })
      .sort((a, b) => b.score - a.score || a.at - b.at);
    const matched = (await evaluated(shorter, shorterVariants))?.terms;
    return {
      exact,
      exactScores: exact.map((at) => scoreOf(at).score),
      positions: scored.map((s) => s.at),
      scores: scored.map((s) => s.score),
      lacking: scored.map((s) => s.lacking),
      slots,
      terms: scored.length ? (matched ?? []) : [],
    };
  }

  /** Scores of listing positions under a key's slots and terms, one record at a time (partial-score.ts), and how many slots it has. */
  async function scorerOf(
    key: string,
  ): Promise<{ scoreOf: (at: number) => ReturnType<typeof partialScore>; slots: number }> {
    const { slots, loaded, lists } = await load(key);
    const options = slots.map((slot) =>
      slot.options.map((o) => ({ lists: o.terms.map((t) => loaded[lists.get(t)!]), weight: o.weight })),
    );
    const factors = rankFactors(
      slots.length,
      slots.reduce((n, slot) => n + slot.terms.length, 0),
      namedRegions(slots),
    );
    return { scoreOf: (at) => partialScore(options, factors, at, scoring), slots: slots.length };
  }

  async function completions(
    { q, kind, region, corrected }: Pick<FactsQuery, 'kind' | 'region' | 'corrected'> & { q: string },
    limit: number,
  ): Promise<PartialPage> {
    const typed = { corrected };
    const grown = { prefix: true, corrected };
    const key = keyFor(q, typed);
    // Without significant words, or when the last word cannot grow (no longer index word starts with it, or it is a
    // word of the synonyms file, which readers type whole: lastWordGrows), nothing.
    if (key === '' || !(await lastWordGrows(q))) return noPartial();
    const filter = positionFilter(kindRegions, { kind, region });
    const matching = new Set(await positionsOf(q, typed));
    const exact = matching.size ? await topOf(q, filter, limit, typed) : [];
    const others = await topOf(q, (at) => !matching.has(at) && (!filter || filter(at)), limit, grown);
    const typedScore = await scorerOf(key);
    const grownScore = (await scorerOf(keyFor(q, grown))).scoreOf;
    const scored = others
      .map((at) => ({ at, score: grownScore(at).score }))
      .sort((a, b) => b.score - a.score || a.at - b.at);
    return {
      exact,
      exactScores: exact.map((at) => typedScore.scoreOf(at).score),
      positions: scored.map((s) => s.at),
      scores: scored.map((s) => s.score),
      lacking: scored.map(() => 0),
      slots: typedScore.slots,
      terms: scored.length ? ((await evaluated(q, grown))?.terms ?? []) : [],
    };
  }

  /**
   * Index words that records hold, longer than the folded `start` and starting with it, most frequent first; none for
   * a word of the synonyms file: readers type it whole (« pote » never grows into « poteau »).
   */
  async function longerWords(start: string): Promise<WordFile> {
    const term = processTerm(start);
    if (term === null || synonyms.has(term)) return [];
    return completing(await store.prefixes(start), start, term);
  }

  async function lastWordGrows(q: string): Promise<boolean> {
    const typed = typedPrefix(q);
    return typed !== null && (await longerWords(typed.folded)).length > 0;
  }

  /** The cards of listing positions, reading only their document blocks. */
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
    size: manifest.records,
    search,
    partial,
    completions,
    cards: cardsOf,
    slotWords(q) {
      const words = textWords(q).filter((w) => w.term !== null);
      const groups = synonyms.slots(words.map((w) => w.term!)).map((slot) => new Set(slot.terms));
      const seen = new Set<string>();
      const grouped = new Map<Set<string>, string[]>();
      for (const { text, term } of words) {
        if (seen.has(term!)) continue;
        seen.add(term!);
        const group = groups.find((terms) => terms.has(term!))!;
        grouped.set(group, [...(grouped.get(group) ?? []), text]);
      }
      return [...grouped.values()];
    },
    async openLastWord(q) {
      // A word that records hold (itself or its stem) or that matches through its synonyms finds records as typed: it
      // is not completed, so a completion never changes the order of records that hold every word as typed.
      const typed = typedPrefix(q);
      if (typed === null) return false;
      const [lists] = await store.postings([typed.term]);
      if (lists !== undefined || synonyms.has(typed.term)) return false;
      return openLastWord(q, store);
    },
    lastWordGrows,
    async facets({ q, kind, region, prefix, corrected }) {
      return facetsOf((await evaluated(q, { prefix, corrected }))?.evaluation.histogram ?? everyRecord(), {
        kind,
        region,
      });
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
            // The best record the shorter query adds: one that does not hold every word of q (when q finds nothing,
            // any record), so that the shortening offered first adds the most.
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

/** Opens the engine over files read by `read` (site-root paths): what the server, the edge and the browser call. */
export async function openSearchEngine(read: ReadSearchFile, options: SearchEngineOptions = {}): Promise<SearchEngine> {
  return createSearchEngine(await openShardStore(read, options.bounds?.files), options);
}
