/**
 * `npm run bench -- --downloads --dist DIR`: the whole corpus of a build read through the client, by its download and by
 * the walk of GET /facts, against the Node server under the default quota (120 a minute); prints the figures.
 */
import { answerHelp } from '../lib/cli-help.ts';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { createClient } from '../../src/client/index.ts';
import { createSiteServer } from '../../src/adapters/node/site-server.ts';
import { readSettings } from '../../src/lib/config.ts';
import { QUERY_LIMITS } from '../../src/lib/schema/limits.ts';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { makeDownloads } from '../../src/lib/publish/make-downloads.ts';
import { DOWNLOAD_LIMITS, DOWNLOAD_NAMES } from '../../src/lib/publish/download-files.ts';

answerHelp(`usage: npm run bench -- --downloads --dist DIR [--port 4453] [--quota 120] [--no-real-walk]
       npm run bench -- --downloads --content DIR

--content DIR: no server; reads the record files in DIR and times making the downloads as the build does
(makeDownloads: JSON Lines, gzip -9, CSV, SHA-256), and prints their sizes: the build's extra work and the bound's margin.

Serves the build in DIR with the Node server (127.0.0.1:PORT, RATE_LIMIT_PER_MINUTE = --quota) and reads every record
through the client three ways: readAll() by the download (catalogue + file), the walk with the quota lifted (to
measure the time of one page), and the walk under the quota (unless --no-real-walk). Prints the times, the requests,
and the walk's time under the quota computed from the quota's rule: a client's window opens with its first request
and lasts 60 s, so R page requests at Q a minute take at least floor((R-1)/Q) x 60 s + ((R-1) mod Q + 1) x t, t the
measured time of one page. Build DIR with npm run corpus:generate and npm run build (CONTENT_DIR, DIST_DIR).`);

const { values } = parseArgs({
  options: {
    downloads: { type: 'boolean' },
    content: { type: 'string' },
    dist: { type: 'string' },
    port: { type: 'string', default: '4453' },
    quota: { type: 'string', default: '120' },
    'no-real-walk': { type: 'boolean', default: false },
  },
});
if (values.content) {
  const facts = (await readRecords(values.content, 'https://permis.example')).sort((a, b) => (a.id < b.id ? -1 : 1));
  const runs: number[] = [];
  let made: Awaited<ReturnType<typeof makeDownloads>> | undefined;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    made = await makeDownloads(facts, new Date());
    runs.push(performance.now() - started);
  }
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(2)} MiB`;
  console.log(
    `making the downloads of ${facts.length} records: ${runs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')} (3 runs); ${DOWNLOAD_NAMES.jsonl} ${mib(made!.built.jsonl.bytes)} (${(made!.built.jsonl.bytes / facts.length).toFixed(0)} B a record), ${DOWNLOAD_NAMES.csv} ${mib(made!.built.csv.bytes)}; bound ${mib(DOWNLOAD_LIMITS.maxFileBytes)}; load ${loadavg()[0]!.toFixed(1)}`,
  );
  process.exit(0);
}
if (!values.dist) {
  console.error('--dist DIR (a build) or --content DIR (record files) is required; see --help');
  process.exit(2);
}
const port = Number(values.port);
const quota = Number(values.quota);

/** Serves DIR on PORT with `limit` requests a minute; returns the API base and how to stop. */
async function serve(limit: number) {
  const settings = readSettings({
    DIST_DIR: values.dist,
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: String(limit),
    WORKERS: '1',
  });
  const site = createSiteServer(settings, { log: () => {}, logError: () => {} });
  await new Promise<void>((resolve) => site.server.listen(port, '127.0.0.1', resolve));
  await site.warm();
  return {
    base: `http://127.0.0.1:${port}/api/v1`,
    close: () =>
      new Promise<void>((done) => {
        site.server.closeAllConnections();
        site.server.close(() => done());
      }),
  };
}

/** A fetch that counts requests (each redirect followed is one more). */
function counting() {
  let count = 0;
  const fetch: typeof globalThis.fetch = async (input, init) => {
    count += 1;
    const response = await globalThis.fetch(input, init);
    if (response.redirected) count += 1;
    return response;
  };
  return { fetch, count: () => count };
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

const load = () => loadavg()[0]!.toFixed(1);
const lines: string[] = [];
{
  const server = await serve(quota);
  // Twice: the first read also loads the catalogue and the file into the server's caches.
  for (const run of ['first', 'second']) {
    const counter = counting();
    const download = await timed(() =>
      createClient({ baseUrl: server.base, fetch: counter.fetch, poLive: true }).readAll(),
    );
    lines.push(
      `download, ${run} read (readAll, quota ${quota}/min): ${download.value.facts.length} records, ${counter.count()} HTTP requests (catalogue, download route, file; 2 count in the quota), ${(download.ms / 1000).toFixed(2)} s, via ${download.value.via}; load ${load()}`,
    );
  }
  await server.close();
}
let pageMs = 0;
let pages = 0;
{
  const server = await serve(1_000_000_000);
  const counter = counting();
  const walk = await timed(() =>
    createClient({ baseUrl: server.base, fetch: counter.fetch, poLive: true }).readAll({ download: false }),
  );
  pages = counter.count();
  pageMs = walk.ms / pages;
  lines.push(
    `walk, quota lifted: ${walk.value.facts.length} records, ${pages} requests of ${QUERY_LIMITS.limit.max}, ${(walk.ms / 1000).toFixed(2)} s (${pageMs.toFixed(1)} ms a page); load ${load()}`,
  );
  await server.close();
}
const computed = Math.floor((pages - 1) / quota) * 60_000 + (((pages - 1) % quota) + 1) * pageMs;
lines.push(
  `walk under ${quota}/min, computed: floor((${pages}-1)/${quota}) x 60 s + ${((pages - 1) % quota) + 1} x ${pageMs.toFixed(1)} ms = ${(computed / 1000).toFixed(1)} s`,
);
if (!values['no-real-walk']) {
  const server = await serve(quota);
  const counter = counting();
  const walk = await timed(() =>
    createClient({ baseUrl: server.base, fetch: counter.fetch, poLive: true }).readAll({ download: false }),
  );
  lines.push(
    `walk under ${quota}/min, measured: ${walk.value.facts.length} records, ${counter.count()} requests (429s included), ${(walk.ms / 1000).toFixed(1)} s; load ${load()}`,
  );
  await server.close();
}
console.log(lines.join('\n'));
