/**
 * "Did you mean", when a query finds nothing: first its last word completed (a word cut while typing, offered only);
 * then corrections of its non-words from the index's vocabulary (a word the index holds, a word of the synonyms file, a
 * number or a real French or Dutch word, index/lexicon.ts, is never replaced; one no record holds is left out, `missing`);
 * else q without the fewest of its words that finds something, the shortening whose best record scores highest first.
 * Everything spends a work budget (work-budget.ts): when it runs out, suggest answers with what it has completed.
 */
import { foldText, processTerm, suggestionText, textWords, type TextWord } from '../text/normalize.ts';
import { activeLanguage } from '../text/language.ts';
import type { WordFile } from '../index/shards.ts';
import { createWorkBudget, WORK_LIMITS, type WorkBudget } from '../query/work-budget.ts';
import { keepsLastWord, PREFIX_COMPLETIONS, PREFIX_MIN_LETTERS } from '../query/prefix.ts';
import { popcount } from '../score/term-index.ts';

/** A corrected or shortened query and how many records it finds (with the same filters). */
export interface Suggestion {
  q: string;
  total: number;
  /** The words of the typed query left out of `q`, as typed. */
  missing?: string[];
  /** Sure enough for the search page to show at once (correct()); never sent by the API. */
  confident?: boolean;
}

/** Most shortened queries tried (each one is a search): a question of 8 words tries its 8 + 28 shorter forms. */
export const MAX_DROP_TRIES = 40;

/** Most suggestions offered, and candidates tried per unknown word. */
export const MAX_SUGGESTIONS = 3;

// Three rows of the distance table, reused by every call (the work is synchronous): no allocation per comparison.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal-string-alignment distance (a swap of neighbours is one edit), or max + 1 past `max`; a band of 2 × max + 1. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const far = max + 1;
  if (rows[0]!.length <= b.length + 1) rows = [0, 1, 2].map(() => new Int32Array(2 * b.length + 4));
  let [before, previous, row] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j <= max ? j : far;
  for (let i = 1; i <= a.length; i++) {
    const lo = Math.max(1, i - max);
    const hi = Math.min(b.length, i + max);
    row[lo - 1] = lo === 1 ? Math.min(i, far) : far;
    if (hi < b.length) row[hi + 1] = far;
    let best = row[lo - 1]!;
    for (let j = lo; j <= hi; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1))
        d = Math.min(d, before[j - 2]! + 1);
      row[j] = Math.min(d, far);
      if (d < best) best = d;
    }
    if (best > max) return far;
    [before, previous, row] = [previous, row, before];
  }
  return Math.min(previous[b.length]!, far);
}

/** Largest distance tried for a folded word: one edit for short words, two for longer ones. */
export function maxDistance(word: string): number {
  return word.length <= 4 ? 1 : 2;
}

/** Largest distance of a correction applied at once: two from eight letters on, as Algolia's default typo tolerance. */
export function sureDistance(word: string): number {
  return word.length >= 8 ? 2 : 1;
}

/** Units of handling one word of a query (folding, stemming, a look-up). */
export const WORD_UNITS = 200;
/** Units of looking at one vocabulary entry, before any edit distance. */
export const ENTRY_UNITS = 4;
/** Units of one edit distance, besides one a cell computed. */
export const EDIT_UNITS = 10;

/**
 * The letters a folded word holds, one bit each (code modulo 32). An edit changes at most two bits, so words more than
 * 2 × max bits apart are skipped before any edit distance.
 */
function letterMask(folded: string): number {
  let mask = 0;
  for (let i = 0; i < folded.length; i++) mask |= 1 << (folded.charCodeAt(i) & 31);
  return mask;
}

/** Folded written forms of vocabulary entries and their letter masks, once per entry (the store keeps word files). */
const foldedForms = new WeakMap<WordFile[number], { form: string; mask: number }>();
function foldedForm(entry: WordFile[number]): { form: string; mask: number } {
  let folded = foldedForms.get(entry);
  if (folded === undefined) {
    const form = foldText(entry[1]);
    foldedForms.set(entry, (folded = { form, mask: letterMask(form) }));
  }
  return folded;
}

/** The vocabulary entries nearest to the typed `word`, best first (never its own stem); none once `budget` runs out. */
export function corrections(
  word: string,
  vocabulary: WordFile,
  count = MAX_SUGGESTIONS,
  budget: WorkBudget = createWorkBudget(Infinity),
): WordFile {
  const folded = foldText(word);
  const own = processTerm(word);
  const max = maxDistance(folded);
  const mask = letterMask(folded);
  const near: (readonly [WordFile[number], number])[] = [];
  if (!budget.spend(ENTRY_UNITS * vocabulary.length)) return [];
  for (const entry of vocabulary) {
    const { form, mask: letters } = foldedForm(entry);
    if (Math.abs(form.length - folded.length) > max || popcount(mask ^ letters) > 2 * max) continue;
    if (!budget.spend(EDIT_UNITS + folded.length * (2 * max + 1))) return [];
    const d = editDistance(folded, form, max);
    if (d <= max && entry[0] !== own && entry[2] > 0) near.push([entry, d]);
  }
  return near
    .sort(([a, x], [b, y]) => x - y || b[2] - a[2] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, count)
    .map(([entry]) => entry);
}

/** What suggest() needs from the engine. */
export interface SuggestSource {
  /** Whether each term is known: it has postings, or it is a word of the synonyms file. */
  known(terms: readonly string[]): Promise<boolean[]>;
  /** Vocabulary entries that records hold, of these folded lengths: the candidates of a correction. */
  words(lengths: readonly number[]): Promise<WordFile>;
  /** The real words no record holds (index/lexicon.ts) of these lengths. */
  lexicon?(lengths: readonly number[]): Promise<WordFile>;
  /** How many records a query finds with the caller's filters; with `open`, its last word completed. */
  total(q: string, open?: boolean): Promise<number>;
  /** The score of the best record a query finds with the caller's filters (0 when none). */
  best(q: string, open?: boolean): Promise<number>;
  /** The work units of searching q once (1 when absent). */
  cost?(q: string): Promise<number>;
  /** Index words longer than the folded `start` that start with it, most frequent first. */
  longer?(start: string): Promise<WordFile>;
}

/**
 * Suggestions for q (module comment). With `open` (the page's open last word), q's last word counts as known and every
 * query that keeps it is searched with it completed: « quadri » is kept and finds « quadricycle », not corrected.
 */
export async function suggest(
  q: string,
  source: SuggestSource,
  budget: WorkBudget = createWorkBudget(WORK_LIMITS.suggest),
  open = false,
): Promise<Suggestion[]> {
  const words = textWords(q);
  const significant = words.filter((w) => w.term !== null);
  if (!budget.spend(WORD_UNITS * words.length)) return [];
  const last = words.at(-1);
  const openWord = open && last?.term != null && last.at + last.text.length === q.length ? last : undefined;
  const searches = searchesOf(source, budget, openWord && q);
  const completed = await complete(q, last, searches);
  if (completed.length >= MAX_SUGGESTIONS || budget.exhausted) return completed;
  const known = (await source.known(significant.map((w) => w.term!))).map((k, i) => k || significant[i] === openWord);
  const unknown = significant.filter((_, i) => !known[i]);
  const real = await realWords(unknown, source);
  const nonWords = unknown.filter((_, i) => !real[i]);
  const lacking = unknown.filter((_, i) => real[i]);
  const corrected = await correct(q, nonWords, lacking, searches);
  const others =
    corrected.length > 0 || budget.exhausted
      ? corrected
      : await shorten(significant, new Set(unknown.map((w) => w.term!)), searches, openWord);
  const taken = new Set(completed.map((s) => s.q));
  return [...completed, ...others.filter((s) => !taken.has(s.q))].slice(0, MAX_SUGGESTIONS);
}

/** q with its last word's most frequent completions that find something; never `confident` (which word is unsure). */
async function complete(q: string, last: TextWord | undefined, searches: Searches): Promise<Suggestion[]> {
  const { source, budget } = searches;
  if (!source.longer || last?.term == null || last.at + last.text.length !== q.length) return [];
  const start = foldText(last.text);
  if (start.length < PREFIX_MIN_LETTERS) return [];
  const entries = await source.longer(start);
  if (!budget.spend(ENTRY_UNITS * entries.length)) return [];
  const found: Suggestion[] = [];
  for (const [, word] of entries.slice(0, PREFIX_COMPLETIONS)) {
    const completed = suggestionText(q.slice(0, last.at) + word);
    const total = await searches.total(completed);
    if (total === null) break;
    if (total > 0) found.push({ q: completed, total });
    if (found.length === MAX_SUGGESTIONS) break;
  }
  return found;
}

/** A number: any edit makes another number, never the same one mistyped (« 123 » is not « 120 »). */
const NUMBER = /^\d+$/;

/** Whether each word is a real word the index lacks (a 0-record vocabulary entry, by written form or stem) or a number. */
async function realWords(words: readonly TextWord[], source: SuggestSource): Promise<boolean[]> {
  const folded = words.map((w) => foldText(w.text));
  if (!source.lexicon || folded.every((f) => NUMBER.test(f))) return folded.map((f) => NUMBER.test(f));
  // A lemma is up to two letters shorter than its inflected forms (keuf, keufs; conduit, conduite).
  const lengths = new Set(folded.flatMap((f) => [f.length - 2, f.length - 1, f.length]).filter((length) => length > 0));
  const entries = await source.lexicon([...lengths]);
  // One scan against the query's few words: a set of the tens of thousands of entries cost more per query.
  const [forms, stems] = [new Set(folded), new Set(words.map((w) => w.term!))];
  const [formsFound, stemsFound] = [new Set<string>(), new Set<string>()];
  for (const [stem, form] of entries) {
    if (forms.has(form)) formsFound.add(form);
    if (stems.has(stem)) stemsFound.add(stem);
  }
  return words.map((w, i) => NUMBER.test(folded[i]!) || formsFound.has(folded[i]!) || stemsFound.has(w.term!));
}

/** `source` and `budget`, and total() and best() paid first (null once unpaid); a query keeping `open`'s last word completes it. */
function searchesOf(source: SuggestSource, budget: WorkBudget, open?: string) {
  const ends = (q: string) => open !== undefined && keepsLastWord(open, q);
  const paid = async <T>(q: string, run: (q: string) => Promise<T>): Promise<T | null> =>
    budget.spend(source.cost ? await source.cost(q) : 1) ? run(q) : null;
  return {
    source,
    budget,
    total: (q: string) => paid(q, (s) => source.total(s, ends(s))),
    best: (q: string) => paid(q, (s) => source.best(s, ends(s))),
  };
}
type Searches = ReturnType<typeof searchesOf>;

/**
 * Corrections of the non-words that find something (none without one); the real words the index lacks (`left`) are
 * left out. Confident when every replaced word is one edit away (or two, for a long word with no other candidate as
 * near: sureDistance), no word is left out, and it finds records.
 */
async function correct(
  q: string,
  unknown: readonly TextWord[],
  left: readonly TextWord[],
  searches: Searches,
): Promise<Suggestion[]> {
  if (unknown.length === 0) return [];
  const { source, budget } = searches;
  const byText = new Map<string, WordFile>();
  const sureEdit = new Map<string, boolean>();
  for (const w of unknown) {
    const folded = foldText(w.text);
    if (byText.has(folded)) continue;
    const max = maxDistance(folded);
    const lengths = Array.from({ length: 2 * max + 1 }, (_, i) => folded.length - max + i).filter((l) => l > 0);
    // A non-word one edit from a stop word is that word mistyped (stopWordNear); else only index words correct it.
    const stop = stopWordNear(folded, budget);
    const list: WordFile = stop
      ? [[stop, stop, 1]]
      : corrections(w.text, await source.words(lengths), MAX_SUGGESTIONS, budget);
    // One word without a correction, or a budget spent: no corrected query can be offered.
    if (list.length === 0) return [];
    byText.set(folded, list);
    // Two edits are sure only when no other candidate is as near (« cenitrue »: « centre » and « ceinture »).
    const distances = list.map((entry) => editDistance(folded, foldText(entry[1]), max));
    list.forEach((entry, i) => {
      const d = distances[i]!;
      const alone = distances.every((other, j) => j === i || other > d);
      sureEdit.set(`${folded} ${entry[1]}`, d <= 1 || (d <= sureDistance(folded) && alone));
    });
  }
  const edits = [
    ...unknown.map((w) => ({ ...w, list: byText.get(foldText(w.text))! })),
    ...left.map((w) => ({ ...w, list: null })),
  ].sort((a, b) => a.at - b.at);
  const queries = new Map<string, boolean>();
  for (let rank = 0; rank < MAX_SUGGESTIONS; rank++) {
    let corrected = q;
    let sure = left.length === 0;
    // Replace from the end, so earlier offsets stay valid; a real word the index lacks is cut out.
    for (let i = edits.length - 1; i >= 0; i--) {
      const { at, text, list } = edits[i]!;
      const word = list ? list[Math.min(rank, list.length - 1)]![1] : '';
      if (list) sure &&= sureEdit.get(`${foldText(text)} ${word}`) === true;
      corrected = corrected.slice(0, at) + word + corrected.slice(at + text.length);
    }
    corrected = suggestionText(corrected);
    if (!queries.has(corrected)) queries.set(corrected, sure);
  }
  const missing = left.map((w) => w.text);
  const found: Suggestion[] = [];
  // In order, so that the budget is spent the same way every time.
  for (const [s, sure] of queries) {
    const total = await searches.total(s);
    if (total === null) break;
    if (total > 0)
      found.push({ q: s, total, ...(missing.length ? { missing } : {}), ...(sure ? { confident: true } : {}) });
  }
  return found;
}

/** Fewest letters of a non-word, and of a stop word, for the one to be read as the other (stopWordNear). */
export const STOP_TYPO_MIN_LETTERS = 4;

/**
 * The stop word that the folded non-word is, mistyped by a letter missing, one too many or two neighbours swapped
 * (« qaund »: « quand »), both of STOP_TYPO_MIN_LETTERS or more; a stop word is far more frequent than any index word as
 * near. A replaced letter is not read so: it turns real words into stop words (« fais », « sais » into « mais »).
 */
export function stopWordNear(folded: string, budget: WorkBudget = createWorkBudget(Infinity)): string | undefined {
  if (folded.length < STOP_TYPO_MIN_LETTERS) return undefined;
  const stopWords = activeLanguage().stopWords.words;
  if (!budget.spend(ENTRY_UNITS * stopWords.size)) return undefined;
  for (const word of stopWords) {
    if (word.length < STOP_TYPO_MIN_LETTERS || Math.abs(word.length - folded.length) > 1) continue;
    if (!budget.spend(EDIT_UNITS + 3 * folded.length)) return undefined;
    if (editDistance(folded, word, 1) > 1) continue;
    // Same length, one edit: a swap of neighbours or one letter replaced; only the swap is read.
    const at = [...word].findIndex((letter, i) => letter !== folded[i]);
    if (word.length !== folded.length || (word[at] === folded[at + 1] && word[at + 1] === folded[at])) return word;
  }
  return undefined;
}

/** The subsets of the indices 0..n-1 of the given size, each in increasing order, in lexicographic order. */
export function* subsets(n: number, size: number, from = 0): Generator<number[]> {
  if (size === 0) return yield [];
  for (let i = from; i <= n - size; i++) for (const rest of subsets(n, size - 1, i + 1)) yield [i, ...rest];
}

/**
 * q without the fewest known words that finds something (unknown words always left out; at most MAX_DROP_TRIES
 * searches): those keeping the open last word first, then by best record, ties in typed order.
 */
async function shorten(
  significant: readonly TextWord[],
  unknown: ReadonlySet<string>,
  searches: Searches,
  open?: TextWord,
): Promise<Suggestion[]> {
  const words = significant.filter((w, i) => significant.findIndex((o) => o.term === w.term) === i);
  const known = words.filter((w) => !unknown.has(w.term!));
  if (words.length < 2 || known.length === 0) return [];
  let tries = 0;
  for (let size = unknown.size === 0 ? 1 : 0; size < known.length && tries < MAX_DROP_TRIES; size++) {
    const found: { q: string; total: number; missing: string[]; best: number; keeps: boolean }[] = [];
    for (const dropped of subsets(known.length, size)) {
      if (tries++ >= MAX_DROP_TRIES || !searches.budget.spend(WORD_UNITS * significant.length)) break;
      const gone = new Set<string | null>([...unknown, ...dropped.map((i) => known[i]!.term!)]);
      const kept = significant
        .filter((w) => !gone.has(w.term))
        .map((w) => w.text)
        .join(' ');
      const total = await searches.total(kept);
      if (total === null) break;
      if (total === 0) continue;
      const best = await searches.best(kept);
      if (best === null) break;
      const keeps = open !== undefined && !gone.has(open.term);
      found.push({ q: kept, total, missing: words.filter((w) => gone.has(w.term)).map((w) => w.text), best, keeps });
    }
    if (found.length || searches.budget.exhausted)
      return found
        .sort((a, b) => Number(b.keeps) - Number(a.keeps) || b.best - a.best)
        .slice(0, MAX_SUGGESTIONS)
        .map(({ q: text, total, missing }): Suggestion => ({ q: text, total, missing }));
  }
  return [];
}
