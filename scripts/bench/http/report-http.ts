/** Issue 10's targets, each with its figure and whether it is met, and the HTTP rows of the report. */
import type { HttpFigures, Run } from './measure-http.ts';

/** One target: what it asks, the figure measured, met or not. */
export interface TargetResult {
  target: string;
  figure: string;
  met: boolean;
}

const ratio = (a: number, b: number) => a / b;
const x = (n: number) => `${n.toFixed(2)}×`;
/** A latency in ms: wrk gives microseconds, autocannon whole milliseconds. */
const latency = (ms: number) => (Number.isInteger(ms) ? String(ms) : ms.toFixed(2));

/** Checks every target of issue 10 against one size's figures. */
export function httpTargets(f: HttpFigures): TargetResult[] {
  const r = f.runs;
  const vs = (api: Run, file: Run, min: number, what: string): TargetResult => {
    const value = ratio(r[api].rps, r[file].rps);
    return {
      target: `${what} ≥ ${min}× an equal-size static file (req/s)`,
      figure: `${x(value)} (${r[api].rps.toFixed(0)} vs ${r[file].rps.toFixed(0)})`,
      met: value >= min,
    };
  };
  const brShare = f.bytes.searchBr / f.bytes.search;
  return [
    vs('search', 'searchStatic', 0.5, 'search limit 10, repeated query, raw'),
    vs('searchBr', 'searchStaticBr', 0.5, 'search limit 10, repeated query, br'),
    vs('mixed', 'searchStatic', 0.25, 'distinct mixed queries, raw'),
    vs('mixedBr', 'searchStaticBr', 0.25, 'distinct mixed queries, br'),
    vs('record', 'recordStatic', 0.8, 'record by id, raw'),
    vs('recordBr', 'recordStaticBr', 0.8, 'record by id, br'),
    {
      target: 'p99 < 10 ms at 50 connections, repeated search, raw',
      figure: `${latency(r.search.p99)} ms`,
      met: r.search.p99 < 10,
    },
    {
      target: 'p99 < 10 ms at 50 connections, repeated search, br',
      figure: `${latency(r.searchBr.p99)} ms`,
      met: r.searchBr.p99 < 10,
    },
    {
      target: 'br search answer ≤ 30 % of raw',
      figure: `${(100 * brShare).toFixed(1)} % (${f.bytes.searchBr} of ${f.bytes.search} bytes)`,
      met: brShare <= 0.3,
    },
  ];
}

/** Target lines for the console and the report. */
export function formatTargets(label: string, f: HttpFigures): string[] {
  return httpTargets(f).map((t) => `| ${label} | ${t.target} | ${t.figure} | ${t.met ? 'met' : '**missed**'} |`);
}

/** The figure: req/s, p50, p99 and what the server sent. */
export function formatRun(f: HttpFigures | undefined, run: Run): string {
  if (!f) return '–';
  const r = f.runs[run];
  return `${r.rps.toFixed(0)}, ${latency(r.p50)} / ${latency(r.p99)} ms${r.encoding === 'identity' ? '' : `, ${r.encoding}`}`;
}

/** Labels of the runs in the report. */
export const RUN_LABELS: Record<Run, string> = {
  search: '/facts?q= limit 10, repeated: req/s, p50 / p99',
  searchStatic: 'static file of the same size',
  searchBr: '/facts?q= repeated, Accept-Encoding: br',
  searchStaticBr: 'static file of the same size, Accept-Encoding: br',
  record: '/facts/{id}',
  recordStatic: 'static file of the same size',
  recordBr: '/facts/{id}, Accept-Encoding: br',
  recordStaticBr: 'static file of the same size, Accept-Encoding: br',
  mixed: '/facts?q= distinct mixed queries',
  mixedBr: '/facts?q= distinct mixed queries, Accept-Encoding: br',
};
