/** Derives the short plain-text summary used when a record is listed as related. */

const MAX = 240;

/** Removes the commonest markdown syntax so that a summary reads as plain text. */
export function markdownToPlain(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/[*_`~]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Sentences of French text, by the platform's Unicode segmenter (abbreviations such as "art. 61" stay inside). */
const SENTENCES = new Intl.Segmenter('fr', { granularity: 'sentence' });
/** A summary shorter than this after dropping an introducing sentence says too little: the list it introduces is taken in. */
const MIN_KEPT = 60;
/** Ends on a colon: the text introduces what follows ("les conditions sont les suivantes :"). */
const INTRODUCES = /:\s*$/;

/** The sentences of `text`, each with its trailing spaces. */
function sentencesOf(text: string): string[] {
  return [...SENTENCES.segment(text)].map((s) => s.segment);
}

/** `text` without its last sentences that end on a colon (they announce what the summary leaves out). */
function withoutIntroductions(sentences: readonly string[]): string {
  const kept = [...sentences];
  while (kept.length > 0 && INTRODUCES.test(kept.at(-1)!)) kept.pop();
  return kept.join('').trim();
}

/** Cuts `text` to at most MAX characters: after a whole sentence where one ends past half way, else at a clause (comma, semicolon, dash), else at a word, with "…". */
function cut(text: string): string {
  if (text.length <= MAX && !INTRODUCES.test(text)) return text;
  const fitting: string[] = [];
  for (const sentence of sentencesOf(text)) {
    if ([...fitting, sentence].join('').trimEnd().length > MAX) break;
    fitting.push(sentence);
  }
  const sentences = withoutIntroductions(fitting);
  if (sentences.length >= MAX / 2) return sentences;
  const window = text.slice(0, MAX - 1);
  const clause = Math.max(...[', ', '; ', ' – ', ' — ', ' ('].map((mark) => window.lastIndexOf(mark)));
  const space = window.lastIndexOf(' ');
  const at = clause > MAX / 2 ? clause : space > MAX / 2 ? space : window.length;
  return `${window.slice(0, at).replace(/[\s,;:.(–—-]+$/, '')}…`;
}

/**
 * The first paragraph of `markdown` as plain text, at most 240 characters, cut at a sentence or clause boundary where
 * one is near and never ending on a colon: a last sentence that introduces a list is dropped, or, when it is all the
 * paragraph says, followed by the list's items joined with semicolons.
 */
export function summarize(markdown: string): string {
  const paragraphs = markdown.split(/\n\s*\n/).filter((p) => markdownToPlain(p).length > 0);
  const first = markdownToPlain(paragraphs[0] ?? '');
  if (!INTRODUCES.test(first)) return cut(first);
  const kept = withoutIntroductions(sentencesOf(first));
  if (kept.length >= MIN_KEPT) return cut(kept);
  const items = (paragraphs[1] ?? '')
    .split('\n')
    .map(markdownToPlain)
    .filter(Boolean)
    .map((item) => item.replace(/[\s;,.]+$/, ''));
  if (items.length > 0) return cut(`${first} ${items.join(' ; ')}.`);
  // No list follows: the introduction without its colon, marked as going on, within MAX like every other summary.
  const stem = first.replace(/[\s:,;]+$/, '');
  return stem.length < MAX ? `${stem}…` : cut(stem);
}
