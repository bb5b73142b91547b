/** The text block of a search_facts answer: every field of the structured answer, as Markdown an assistant reads. */
import type { SearchAnswer } from '../schema/mcp-answers.ts';

/** Renders a search answer: the count and page, suggestions, one numbered item per record, and how to cite. */
export function searchText(answer: SearchAnswer): string {
  const { results, total, limit, offset, suggestions, reuse } = answer;
  const lines = [
    results.length === 0
      ? `No record on this page (total ${total}, offset ${offset}, limit ${limit}).`
      : `${total} records match; results ${offset + 1} to ${offset + results.length} (offset ${offset}, limit ${limit}).`,
  ];
  if (suggestions)
    lines.push(`Did you mean: ${suggestions.map(({ q, total: found }) => `"${q}" (${found})`).join(', ')}?`);
  results.forEach((record, i) => {
    lines.push(
      `${offset + i + 1}. ${record.title} <${record.url}>`,
      `   ${record.id} · ${record.kind} · ${record.regions.join(', ')} · ${record.excerpt}`,
    );
  });
  lines.push(`Cite each record used: ${reuse.attribution}. Reuse terms: ${reuse.page}`);
  return lines.join('\n');
}
