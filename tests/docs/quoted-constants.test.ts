import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EDGE_CACHE_BOUNDS } from '../../src/adapters/web/edge.ts';
import { LOG_BUFFER } from '../../src/adapters/node/observability/log-destination.ts';
import { BROTLI_QUALITY } from '../../src/adapters/node/compress.ts';
import { NODE_RECORD_CACHE, NODE_SEARCH_FILES, NODE_TERM_INDICES } from '../../src/adapters/node/site-server.ts';
import { STATIC_DEFAULTS } from '../../src/adapters/node/static/static-files.ts';
import { REPLY_CACHE_BOUNDS } from '../../src/lib/api/reply-cache.ts';
import { SEARCH_CACHE_BOUNDS } from '../../src/lib/search/query/match-cache.ts';
import { SHARD_OPTIONS } from '../../src/lib/search/index/shard-build.ts';
import { TERM_INDEX_BOUNDS } from '../../src/lib/search/score/term-index.ts';
import { MAX_IMPACT_TERMS, READ_COST } from '../../src/lib/search/top-k/top-k.ts';
import { WORK_LIMITS } from '../../src/lib/search/query/work-budget.ts';
import { SOAK_HEAP_MB } from '../../scripts/bench/soak.ts';
import { PRECOMPRESS_QUALITY } from '../../scripts/lib/output-files.ts';
import { readDoc, ROOT } from './markdown.ts';

/** A count as the docs write it: 8,000. */
const n = (value: number) => value.toLocaleString('en-US');
/** A byte bound as the docs write it: 96 MiB. */
const mib = (bytes: number) => `${bytes / 2 ** 20} MiB`;

/**
 * A constant the docs quote. Where a doc names it (`NAME`), each of that doc's phrases, made from the code's value,
 * must stand within WINDOW characters of one of its mentions; `anywhere` phrases quote it without naming it. A doc
 * that says "`NAME` in `path`" must name the file that exports it.
 */
interface Quote {
  name: string;
  /** The file that exports the constant, relative to the root. */
  file: string;
  /** Per doc: phrases near a mention of the name. */
  near: Record<string, string[]>;
  /** Per doc: phrases anywhere in the doc. */
  anywhere?: Record<string, string[]>;
}

const WINDOW = 250;
const PERF = 'docs/performance.md';
const SEARCH = 'docs/search.md';
const OPERATING = 'docs/operating.md';
const API = 'docs/api.md';
const nodeTerms = `${n(NODE_TERM_INDICES.entries)} terms, ${mib(NODE_TERM_INDICES.bytes)}`;
const defaultTerms = `${n(TERM_INDEX_BOUNDS.entries)} terms, ${mib(TERM_INDEX_BOUNDS.bytes)}`;
const edgeCaches =
  EDGE_CACHE_BOUNDS.recordCache.bytes +
  EDGE_CACHE_BOUNDS.replyCache.bytes +
  EDGE_CACHE_BOUNDS.search.files.terms.bytes +
  EDGE_CACHE_BOUNDS.search.files.docs.bytes;
const engineCaches = SEARCH_CACHE_BOUNDS.rankings.bytes + SEARCH_CACHE_BOUNDS.queries.bytes;

const QUOTES: Quote[] = [
  {
    name: 'NODE_TERM_INDICES',
    file: 'src/adapters/node/site-server.ts',
    near: { [PERF]: [nodeTerms], [SEARCH]: [nodeTerms], [API]: [nodeTerms] },
    anywhere: { [PERF]: [`term indices (at most ${mib(NODE_TERM_INDICES.bytes)})`] },
  },
  {
    name: 'NODE_SEARCH_FILES',
    file: 'src/adapters/node/site-server.ts',
    near: {
      [PERF]: [
        `term files: ${n(NODE_SEARCH_FILES.terms.entries)} files, ${mib(NODE_SEARCH_FILES.terms.bytes)}`,
        `${n(NODE_SEARCH_FILES.docs.entries)} blocks, ${mib(NODE_SEARCH_FILES.docs.bytes)}`,
      ],
      [SEARCH]: [`${n(NODE_SEARCH_FILES.terms.entries)} decoded term files, ${mib(NODE_SEARCH_FILES.terms.bytes)}`],
      [API]: [
        `${n(NODE_SEARCH_FILES.terms.entries)} files, ${mib(NODE_SEARCH_FILES.terms.bytes)}, and ${n(NODE_SEARCH_FILES.docs.entries)} blocks, ${mib(NODE_SEARCH_FILES.docs.bytes)}`,
      ],
    },
    anywhere: { [PERF]: [`term files (at most ${mib(NODE_SEARCH_FILES.terms.bytes)})`] },
  },
  {
    name: 'NODE_RECORD_CACHE',
    file: 'src/adapters/node/site-server.ts',
    near: {
      [PERF]: [`${n(NODE_RECORD_CACHE.entries)} records, ${mib(NODE_RECORD_CACHE.bytes)}`],
      [API]: [`${n(NODE_RECORD_CACHE.entries)} records, ${mib(NODE_RECORD_CACHE.bytes)}`],
    },
  },
  {
    name: 'EDGE_CACHE_BOUNDS',
    file: 'src/adapters/web/edge.ts',
    near: {
      [PERF]: [
        `records ${mib(EDGE_CACHE_BOUNDS.recordCache.bytes)}, answers ${mib(EDGE_CACHE_BOUNDS.replyCache.bytes)}, decoded term files ${mib(EDGE_CACHE_BOUNDS.search.files.terms.bytes)} and document blocks ${mib(EDGE_CACHE_BOUNDS.search.files.docs.bytes)}`,
        `rankings and queries (${mib(engineCaches)})`,
        `about ${mib(edgeCaches + engineCaches)} of caches`,
      ],
    },
    anywhere: {
      [PERF]: [
        `The Node server's are ${mib(NODE_RECORD_CACHE.bytes)} of records, ${mib(REPLY_CACHE_BOUNDS.bytes)} of answers, ${mib(NODE_SEARCH_FILES.terms.bytes)} of term files and ${mib(NODE_SEARCH_FILES.docs.bytes)} of document blocks`,
      ],
    },
  },
  {
    name: 'TERM_INDEX_BOUNDS',
    file: 'src/lib/search/score/term-index.ts',
    near: { [PERF]: [defaultTerms], [SEARCH]: [defaultTerms] },
    anywhere: { [API]: [`term indices of the top-k evaluator (built from the decoded term files) | ${defaultTerms}`] },
  },
  {
    name: 'SEARCH_CACHE_BOUNDS',
    file: 'src/lib/search/query/match-cache.ts',
    near: {
      [PERF]: [`${n(SEARCH_CACHE_BOUNDS.rankings.entries)} rankings, ${mib(SEARCH_CACHE_BOUNDS.rankings.bytes)}`],
    },
    anywhere: {
      [API]: [`${n(SEARCH_CACHE_BOUNDS.rankings.entries)} rankings, ${mib(SEARCH_CACHE_BOUNDS.rankings.bytes)}`],
    },
  },
  {
    name: 'REPLY_CACHE_BOUNDS',
    file: 'src/lib/api/reply-cache.ts',
    near: { [PERF]: [`${n(REPLY_CACHE_BOUNDS.entries)} answers, ${mib(REPLY_CACHE_BOUNDS.bytes)}`] },
    anywhere: { [API]: [`${n(REPLY_CACHE_BOUNDS.entries)} answers, ${mib(REPLY_CACHE_BOUNDS.bytes)}`] },
  },
  {
    name: 'MAX_IMPACT_TERMS',
    file: 'src/lib/search/top-k/top-k.ts',
    near: {
      [PERF]: [`\`MAX_IMPACT_TERMS\` (${MAX_IMPACT_TERMS})`],
      [SEARCH]: [`\`MAX_IMPACT_TERMS\` (${MAX_IMPACT_TERMS})`],
    },
  },
  {
    name: 'READ_COST',
    file: 'src/lib/search/top-k/top-k.ts',
    near: { [PERF]: [`\`READ_COST\` ${READ_COST}`], [SEARCH]: [`\`READ_COST\`, ${READ_COST},`] },
  },
  {
    name: 'WORK_LIMITS.suggest',
    file: 'src/lib/search/query/work-budget.ts',
    near: { [PERF]: [`${n(WORK_LIMITS.suggest)} units`], [SEARCH]: [`= ${n(WORK_LIMITS.suggest)} units`] },
  },
  {
    name: 'LOG_BUFFER',
    file: 'src/adapters/node/observability/log-destination.ts',
    near: { [PERF]: [`${n(LOG_BUFFER.minLength)} characters or ${LOG_BUFFER.periodicFlushMs} ms`] },
    anywhere: { [OPERATING]: [`at most ${mib(LOG_BUFFER.maxPendingBytes)} written but not yet read`] },
  },
  {
    name: 'STATIC_DEFAULTS',
    file: 'src/adapters/node/static/static-files.ts',
    near: {
      [PERF]: [
        `${n(STATIC_DEFAULTS.maxEntries)} entries, ${mib(STATIC_DEFAULTS.maxBytes)}, files over ${mib(STATIC_DEFAULTS.maxFileBytes)}`,
      ],
    },
    anywhere: {
      [OPERATING]: [
        `${n(STATIC_DEFAULTS.maxEntries)} entries and ${mib(STATIC_DEFAULTS.maxBytes)}`,
        `files over ${mib(STATIC_DEFAULTS.maxFileBytes)} are not kept`,
      ],
    },
  },
  {
    name: 'PRECOMPRESS_QUALITY',
    file: 'scripts/lib/output-files.ts',
    near: {
      [PERF]: [
        `past ${n(PRECOMPRESS_QUALITY.bulkFiles)} compressible files`,
        `brotli ${PRECOMPRESS_QUALITY.bulk};`,
        `keep ${PRECOMPRESS_QUALITY.first}`,
      ],
    },
  },
  {
    name: 'BROTLI_QUALITY',
    file: 'src/adapters/node/compress.ts',
    near: { [PERF]: [`Brotli quality ${BROTLI_QUALITY} on the fly`] },
  },
  {
    name: 'SHARD_OPTIONS',
    file: 'src/lib/search/index/shard-build.ts',
    near: {},
    anywhere: { [PERF]: [`${SHARD_OPTIONS.docsPerBlock}-record blocks`] },
  },
  {
    name: 'SOAK_HEAP_MB',
    file: 'scripts/bench/soak.ts',
    near: {},
    anywhere: { [PERF]: [`with a ${SOAK_HEAP_MB} MiB V8 heap`] },
  },
];

/** Where a doc names `name` in backticks. */
function mentions(text: string, name: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(`\`${name}`); at !== -1; at = text.indexOf(`\`${name}`, at + 1)) found.push(at);
  return found;
}

/** The phrases of a quote that a doc does not state as the code has them. */
function driftsOf(quote: Quote, doc: string, text: string): string[] {
  const at = mentions(text, quote.name);
  const near = (quote.near[doc] ?? []).filter(
    (phrase) => !at.some((i) => text.slice(Math.max(0, i - WINDOW), i + WINDOW).includes(phrase)),
  );
  const anywhere = (quote.anywhere?.[doc] ?? []).filter((phrase) => !text.includes(phrase));
  return [...near, ...anywhere].map((phrase) => `${doc}: ${quote.name}: "${phrase}"`);
}

describe('constants the docs quote equal the code', () => {
  it('each quoted constant is exported by the file the test names', () => {
    const missing = QUOTES.filter(
      (quote) => !readFileSync(join(ROOT, quote.file), 'utf8').includes(`export const ${quote.name.split('.')[0]}`),
    );
    expect(missing.map((quote) => quote.name)).toEqual([]);
  });

  it('every doc that quotes a constant names it and states its value as the code has it', () => {
    const drifts = QUOTES.flatMap((quote) => {
      const docs = new Set([...Object.keys(quote.near), ...Object.keys(quote.anywhere ?? {})]);
      return [...docs].flatMap((doc) => {
        const text = readDoc(doc);
        const unnamed =
          doc in quote.near && mentions(text, quote.name).length === 0 ? [`${doc}: ${quote.name} is not named`] : [];
        return [...unnamed, ...driftsOf(quote, doc, text)];
      });
    });
    expect(drifts).toEqual([]);
  });

  it('a doc that places a constant in a file names the file that exports it', () => {
    const wrong = QUOTES.flatMap((quote) =>
      [PERF, SEARCH, OPERATING, API].flatMap((doc) =>
        [...readDoc(doc).matchAll(new RegExp(`\`${quote.name.replace('.', '\\.')}\` in \`([^\`]+)\``, 'g'))]
          .filter((match) => !quote.file.endsWith(match[1]!))
          .map((match) => `${doc}: ${quote.name} in ${match[1]} (it is in ${quote.file})`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('finds a drift: a doc whose figure differs from the code fails', () => {
    const quote = QUOTES.find((q) => q.name === 'NODE_SEARCH_FILES')!;
    const text = readDoc(SEARCH);
    expect(driftsOf(quote, SEARCH, text)).toEqual([]);
    const drifted = text.replace(
      `${mib(NODE_SEARCH_FILES.terms.bytes)}, \`NODE_SEARCH_FILES\``,
      '64 MiB, `NODE_SEARCH_FILES`',
    );
    expect(drifted).not.toBe(text);
    expect(driftsOf(quote, SEARCH, drifted)).toEqual([
      `${SEARCH}: NODE_SEARCH_FILES: "${n(NODE_SEARCH_FILES.terms.entries)} decoded term files, ${mib(NODE_SEARCH_FILES.terms.bytes)}"`,
    ]);
  });
});
