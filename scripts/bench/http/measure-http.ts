/**
 * Issue 10's HTTP figures: the API against static files of the same size served by the same server, raw and
 * with Accept-Encoding: br, at 50 connections; a repeated search, a record by id, and a mix of distinct searches.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { nodeCompress } from '../../../src/adapters/node/compress.ts';
import { readDist } from '../../../src/adapters/builds/read-dist.ts';
import { createApiHandler } from '../../../src/lib/api/handler.ts';
import type { Fact } from '../../../src/lib/schema/fact.ts';
import { measureLoad } from '../load/measure-load.ts';
import type { LoadFigures } from '../load/load-types.ts';
import { factsPath, queryMix } from './query-mix.ts';

/** The runs, each against one target. */
export const RUNS = [
  'search',
  'searchStatic',
  'searchBr',
  'searchStaticBr',
  'record',
  'recordStatic',
  'recordBr',
  'recordStaticBr',
  'mixed',
  'mixedBr',
] as const;
/** One run's name. */
export type Run = (typeof RUNS)[number];

/** Each API target and its static twin of the same bytes. */
const PAIRS: [Run, Run][] = [
  ['search', 'searchStatic'],
  ['searchBr', 'searchStaticBr'],
  ['record', 'recordStatic'],
  ['recordBr', 'recordStaticBr'],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One figure from slices of equal length: mean throughput, median latencies, summed counts. */
function combine(slices: LoadFigures[]): LoadFigures {
  const mean = (f: (l: LoadFigures) => number) => slices.reduce((sum, l) => sum + f(l), 0) / slices.length;
  return {
    rps: mean((l) => l.rps),
    bytesPerSecond: mean((l) => l.bytesPerSecond),
    p50: median(slices.map((l) => l.p50)),
    p99: median(slices.map((l) => l.p99)),
    requests: slices.reduce((sum, l) => sum + l.requests, 0),
    bad: slices.reduce((sum, l) => sum + l.bad, 0),
    distinct: slices.reduce((sum, l) => sum + (l.distinct ?? 0), 0),
  };
}

/** What was loaded and what came back. */
export interface HttpFigures {
  paths: { search: string; record: string; searchStatic: string; recordStatic: string };
  /** Body sizes in bytes: raw and as the API sends them with Accept-Encoding: br. */
  bytes: { search: number; searchBr: number; record: number; recordBr: number };
  runs: Record<Run, LoadFigures & { encoding: string }>;
  mixedQueries: number;
}

/** Distinct queries prepared per second of a mixed run, per run (a run that sends more repeats some: see measureHttp). */
const MIXED_PER_SECOND = 40_000;

/** Reference static files under dist/ (written before the server starts): exact copies of the two API bodies. */
export interface Prepared {
  paths: HttpFigures['paths'];
  bytes: HttpFigures['bytes'];
  mix: string[];
}

const SEARCH_QUERY = { q: 'permis', limit: 10, offset: 0 };

/** Computes the bodies in process and writes same-size static copies, with .br and .gz siblings, to dist/_bench/. */
export async function prepareHttp(dist: string, records: Fact[], recordId: string, seconds: number): Promise<Prepared> {
  const api = createApiHandler({ read: readDist(dist), quota: { limit: 1e9 }, compress: nodeCompress });
  const body = async (path: string, encoding?: string) => {
    const response = await api(
      new Request(`http://bench.local${path}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }),
    );
    if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  };
  const search = factsPath(SEARCH_QUERY);
  const record = `/api/v1/facts/${recordId}?po_live=1`;
  const [searchRaw, searchBr, recordRaw, recordBr] = await Promise.all([
    body(search),
    body(search, 'br'),
    body(record),
    body(record, 'br'),
  ]);
  await mkdir(join(dist, '_bench'), { recursive: true });
  for (const [name, bytes] of [
    ['search.json', searchRaw],
    ['record.json', recordRaw],
  ] as const) {
    await writeFile(join(dist, '_bench', name), bytes);
    await writeFile(join(dist, '_bench', `${name}.br`), brotliCompressSync(bytes));
    await writeFile(join(dist, '_bench', `${name}.gz`), gzipSync(bytes, { level: 9 }));
  }
  // Enough distinct queries that none repeats within a run: each half must outlast `seconds` at the fastest rate
  // seen for distinct searches (about 12,000 a second with wrk on this 2-core machine; 8,000 a second was sized
  // for autocannon, and with wrk the list wrapped around, so part of the "distinct" mix was served from the cache).
  const mix = queryMix(records, Math.max(20_000, seconds * 2 * MIXED_PER_SECOND)).map(factsPath);
  return {
    paths: { search, record, searchStatic: '/_bench/search.json', recordStatic: '/_bench/record.json' },
    bytes: { search: searchRaw.length, searchBr: searchBr.length, record: recordRaw.length, recordBr: recordBr.length },
    mix,
  };
}

/** The Content-Encoding `base` answers `path` with (identity when none). */
function encodingOf(base: string, path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((done, fail) => {
    const req = request(`${base.replace(/\/$/, '')}${path}`, { headers }, (res) => {
      res.resume();
      res.on('end', () => done(String(res.headers['content-encoding'] ?? 'identity')));
    });
    req.on('error', fail);
    req.end();
  });
}

/** The codings received for `paths` (up to 20): one name when all agree, else each with its count (mixed answers under 1 KB are not compressed). */
async function encodingsOf(base: string, paths: string[], headers: Record<string, string>): Promise<string> {
  const counts = new Map<string, number>();
  for (const path of paths) {
    const coding = await encodingOf(base, path, headers);
    counts.set(coding, (counts.get(coding) ?? 0) + 1);
  }
  return counts.size === 1
    ? [...counts.keys()][0]!
    : [...counts].map(([coding, n]) => `${coding} ${n}/${paths.length}`).join(' ');
}

/** Runs every target for `seconds` at 50 connections against the one server at `base`. */
export async function measureHttp(base: string, prepared: Prepared, seconds: number): Promise<HttpFigures> {
  const root = base.replace(/\/$/, '');
  const br = { 'accept-encoding': 'br' };
  const plans: Record<Run, { paths: string[]; headers: Record<string, string>; spread?: boolean }> = {
    search: { paths: [prepared.paths.search], headers: {} },
    searchStatic: { paths: [prepared.paths.searchStatic], headers: {} },
    searchBr: { paths: [prepared.paths.search], headers: br },
    searchStaticBr: { paths: [prepared.paths.searchStatic], headers: br },
    record: { paths: [prepared.paths.record], headers: {} },
    recordStatic: { paths: [prepared.paths.recordStatic], headers: {} },
    recordBr: { paths: [prepared.paths.record], headers: br },
    recordStaticBr: { paths: [prepared.paths.recordStatic], headers: br },
    mixed: { paths: prepared.mix.slice(0, prepared.mix.length / 2), headers: {}, spread: true },
    mixedBr: { paths: prepared.mix.slice(prepared.mix.length / 2), headers: br, spread: true },
  };
  // Warm-up, not reported: the server's JIT and caches reach their steady state before the first figure.
  await measureLoad(
    root,
    [prepared.paths.search, prepared.paths.record, prepared.paths.searchStatic, prepared.paths.recordStatic],
    1,
    50,
    { headers: br },
  );
  await measureLoad(
    root,
    [prepared.paths.search, prepared.paths.record, prepared.paths.searchStatic, prepared.paths.recordStatic],
    1,
    50,
  );
  const once = (run: Run, duration: number) =>
    measureLoad(root, plans[run].paths, duration, 50, {
      headers: plans[run].headers,
      spread: plans[run].spread ?? false,
    });
  const parts = new Map<Run, LoadFigures[]>(RUNS.map((run) => [run, []]));
  // Each API target alternates with its static twin in short slices, so a change of load on the machine
  // weighs on both sides of a ratio alike. The mixed runs go in one piece (their query list must not restart).
  const slices = Math.min(3, seconds);
  for (const pair of PAIRS) {
    for (let i = 0; i < slices; i++)
      for (const run of pair) parts.get(run)!.push(await once(run, Math.max(1, Math.round(seconds / slices))));
  }
  for (const run of ['mixed', 'mixedBr'] as const) {
    const figures = await once(run, seconds);
    // A mixed run that went round its list served repeats from the cache: its figure would not be "distinct".
    if (figures.requests > plans[run].paths.length)
      throw new Error(
        `${run}: ${figures.requests} requests went round a list of ${plans[run].paths.length} distinct queries; raise MIXED_PER_SECOND`,
      );
    parts.get(run)!.push(figures);
  }
  const runs = {} as HttpFigures['runs'];
  for (const run of RUNS) {
    runs[run] = {
      ...combine(parts.get(run)!),
      encoding: await encodingsOf(root, plans[run].paths.slice(0, 20), plans[run].headers),
    };
    console.log(
      `  ${run.padEnd(15)} ${runs[run].rps.toFixed(0).padStart(7)} req/s  p50 ${runs[run].p50} ms  p99 ${runs[run].p99} ms  (${runs[run].encoding})`,
    );
  }
  return { paths: prepared.paths, bytes: prepared.bytes, runs, mixedQueries: prepared.mix.length };
}
