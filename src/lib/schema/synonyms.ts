/**
 * content/synonyms.yaml, the publisher's synonyms: a list of entries, each one-way (`from` → `to`) or a two-way
 * `group`, with words or phrases on either side and an optional weight. Validated at build time; a mistake stops
 * the build with the file and line (synonyms-file.ts).
 */
import { z } from 'zod';

/** A written word or phrase as a reader or a record writes it (folded and stemmed when compiled). */
const Phrase = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(80, 'must be at most 80 characters')
  .describe('A word or a phrase, written as people write it');

/** The share of a match through a synonym in the score of a match of the word itself, from 0.05 to 1. */
const Weight = z
  .number()
  .min(0.05, 'must be from 0.05 to 1')
  .max(1, 'must be from 0.05 to 1')
  .describe('Score of a match through this entry, relative to the word itself (default SYNONYM_WEIGHT)');

/** One phrase or a list of phrases, with a clear message when missing or of another type. */
const Phrases = z.union([Phrase, z.array(Phrase).min(1)], {
  error: (issue) => (issue.input === undefined ? 'is required' : 'must be a word or phrase, or a list of them'),
});

/** One-way: a query holding `from` also finds records holding one of `to`. */
export const OneWayEntry = z.strictObject({
  from: Phrases.describe('What a reader types (one phrase, or several with the same meaning)'),
  to: Phrases.describe('What the records write'),
  weight: Weight.optional(),
});

/** Two-way: any member of the group finds records holding any other member. */
export const GroupEntry = z.strictObject({
  group: z
    .array(Phrase)
    .min(2, 'a group needs at least 2 words or phrases')
    .describe('Words or phrases that mean the same, each finding the others'),
  weight: Weight.optional(),
});

/** One entry of the file. */
export const SynonymEntry = z.union([OneWayEntry, GroupEntry]);

/** The whole file: a list of entries. */
export const SynonymsFile = z.array(SynonymEntry).describe('content/synonyms.yaml');

/** A one-way entry. */
export type OneWayEntry = z.infer<typeof OneWayEntry>;
/** A group entry. */
export type GroupEntry = z.infer<typeof GroupEntry>;
/** One entry. */
export type SynonymEntry = z.infer<typeof SynonymEntry>;
