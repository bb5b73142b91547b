/** npm run search:report: the queries that found nothing, with candidate synonym entries from the index's vocabulary. */
import {
  editDistance,
  maxDistance,
  foldText,
  processTerm,
  tokenize,
  type WordFile,
} from '../../src/lib/search/index.ts';
import type { ZeroResultCount } from '../../src/lib/api/zero-results.ts';

/** Most candidates proposed per unknown word, and the shared start that makes two words close. */
export const REPORT_CANDIDATES = 3;
export const SHARED_START = 5;

/** Index words close to a word no record holds: within an edit distance (as "did you mean"), or sharing its first letters. */
export function candidates(word: string, vocabulary: WordFile): WordFile {
  const folded = foldText(word);
  const max = maxDistance(folded);
  return vocabulary
    .filter(([, form]) => {
      const other = foldText(form);
      return (
        other !== folded &&
        (editDistance(folded, other, max) <= max ||
          (folded.length >= SHARED_START && other.slice(0, SHARED_START) === folded.slice(0, SHARED_START)))
      );
    })
    .sort((a, b) => b[2] - a[2] || (a[1] < b[1] ? -1 : 1))
    .slice(0, REPORT_CANDIDATES);
}

/** The report as text: each query with its count, then candidate entries for content/synonyms.yaml. */
export function renderSearchReport(queries: readonly ZeroResultCount[], vocabulary: WordFile): string {
  if (queries.length === 0) return 'No query found nothing since the server started.\n';
  const known = new Set(vocabulary.map(([stem]) => stem));
  const lines: string[] = [];
  for (const { q, count } of queries) {
    lines.push(`${String(count).padStart(5)}  ${q}`);
    for (const word of tokenize(q)) {
      const term = processTerm(word);
      if (term === null || known.has(term)) continue;
      const close = candidates(word, vocabulary);
      if (close.length)
        lines.push(
          `       candidate: - from: ${word}`,
          `                    to: [${close.map(([, form]) => form).join(', ')}]   # in ${close.map(([, , n]) => n).join(', ')} records; check before adding`,
        );
      else lines.push(`       no record holds "${word}" or a close word`);
    }
  }
  return `${lines.join('\n')}\n`;
}
