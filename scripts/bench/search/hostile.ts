/** The hostile query set of the bench: 300-character queries built to cost the most (issue 25, docs/performance.md). */
import { QUERY_LIMITS } from '../../../src/lib/schema/limits.ts';
import type { SearchEngine } from '../../../src/lib/search/search-engine.ts';
import { createWorkBudget, WORK_LIMITS } from '../../../src/lib/search/work-budget.ts';

const cut = (words: string[]) => words.join(' ').slice(0, QUERY_LIMITS.qMaxLength).trim();
const letters = 'abcdefghijklmnopqrstuvwxyz'.split('');

/** Many unknown words, many mistyped words, one word repeated, many short words, every letter, many known words. */
export const HOSTILE_QUERIES: Record<string, string> = {
  'unknown words': cut(Array.from({ length: 60 }, (_, i) => `zorglub${letters[i % 26]}${letters[(i * 7) % 26]}`)),
  'mistyped words': cut(Array.from({ length: 60 }, (_, i) => `${['permsi', 'condurie', 'exmaen', 'voitrue', 'fromation', 'théoriqeu'][i % 6]}${letters[i % 26]}`)),
  'repeated word': cut(Array.from({ length: 60 }, () => 'permis')),
  'short words': cut(Array.from({ length: 100 }, (_, i) => `${letters[i % 26]}${letters[(i * 7 + 3) % 26]}`)),
  'every letter': cut(Array.from({ length: 150 }, (_, i) => letters[i % 26]!)),
  'known words': cut(Array.from({ length: 60 }, (_, i) => ['permis', 'conduire', 'examen', 'candidat', 'voiture', 'formation', 'théorique', 'pratique', 'commune', 'centre', 'règle', 'région', 'moto', 'alcool', 'tracteur', 'médecin'][i % 16]!)),
  'known words, one unknown': cut([...Array.from({ length: 40 }, (_, i) => ['permis', 'conduire', 'examen', 'candidat', 'voiture', 'formation', 'théorique', 'pratique'][i % 8]!), 'zyrkel']).slice(-QUERY_LIMITS.qMaxLength),
};

/** One hostile query's figures: CPU time of its search and suggestions, and the work units the suggestions spent. */
export interface HostileFigure {
  name: string;
  /** Median and worst CPU time of the rounds (the worst includes garbage collection and a shared machine's noise). */
  cpuMs: number;
  worstCpuMs: number;
  units: number;
  exhausted: boolean;
  total: number;
  suggestions: number;
}

/** Runs each hostile query as the handler does (search, then suggestions when nothing is found), `rounds` times after one warm-up; the median and worst CPU time of each. */
export async function measureHostile(engine: SearchEngine, rounds = 20): Promise<HostileFigure[]> {
  const figures: HostileFigure[] = [];
  for (const [name, q] of Object.entries(HOSTILE_QUERIES)) {
    const times: number[] = [];
    let last: Omit<HostileFigure, 'name' | 'cpuMs' | 'worstCpuMs'> | undefined;
    for (let round = 0; round <= rounds; round++) {
      const budget = createWorkBudget(WORK_LIMITS.suggest);
      const started = process.cpuUsage();
      const page = await engine.search({ q, limit: 10, offset: 0 });
      const suggestions = page.total === 0 ? await engine.suggest({ q }, budget) : [];
      const used = process.cpuUsage(started);
      if (round > 0) times.push((used.user + used.system) / 1000);
      last = { units: budget.spent, exhausted: budget.exhausted, total: page.total, suggestions: suggestions.length };
    }
    times.sort((a, b) => a - b);
    figures.push({ name, cpuMs: times[Math.floor(times.length / 2)]!, worstCpuMs: times.at(-1)!, ...last! });
  }
  return figures;
}
