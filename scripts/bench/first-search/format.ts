/** Prints first-search figures: per engine, per query; and, loudly, every query whose page differs from the API. */
import type { FirstSearchFigures } from './measure-first-search.ts';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** The figures as lines of text, ending with the API comparison. */
export function formatFirstSearch(figures: FirstSearchFigures): string[] {
  const lines: string[] = [];
  for (const engine of ['site', 'pagefind'] as const) {
    lines.push(`${engine}: median ${kb(figures[engine].medianBytes)}, ${figures[engine].medianMs.toFixed(0)} ms`);
    for (const q of figures[engine].queries) {
      const parity = q.mismatches === undefined ? '' : q.mismatches.length ? '  ≠ API' : '  = API';
      lines.push(
        `  ${q.q.padEnd(24)} ${kb(q.bytes).padStart(10)} in ${String(q.requests).padStart(3)} requests, ${q.ms.toFixed(0).padStart(5)} ms, ${q.results} results${parity}`,
      );
    }
  }
  if (figures.apiMismatches === 0)
    lines.push(
      `same results as the API: ${figures.site.queries.length} of ${figures.site.queries.length} queries (ids, order, total, suggestions)`,
    );
  else {
    lines.push(`!!! ${figures.apiMismatches} QUERIES SHOW OTHER RESULTS THAN THE API ON THE SAME BUILD !!!`);
    for (const q of figures.site.queries) for (const m of q.mismatches ?? []) lines.push(`!!!   ${q.q}: ${m}`);
  }
  return lines;
}
