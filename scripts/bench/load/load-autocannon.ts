/**
 * Run in its own process: autocannon against one server; prints one JSON line. Argument: a JSON spec file
 * {base, seconds, connections, paths, headers?, spread?}. With spread, every request takes the next path of
 * the list, across all connections, so a list longer than the run never repeats a path.
 */
import { answerHelp } from '../../lib/cli-help.ts';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

answerHelp(`usage: node scripts/bench/load/load-autocannon.ts <spec.json>

One autocannon load run, in its own process (started by measure-load.ts when wrk is missing or BENCH_LOAD=autocannon);
prints one JSON line of figures. spec.json: {base, seconds, connections, paths, headers?, spread?}.`);

const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  base: string;
  seconds: number;
  connections: number;
  paths: string[];
  headers?: Record<string, string>;
  spread?: boolean;
};
let next = 0;
const requests = spec.spread
  ? [
      {
        method: 'GET' as const,
        setupRequest: (request: autocannon.Request) => ({ ...request, path: spec.paths[next++ % spec.paths.length]! }),
      },
    ]
  : spec.paths.map((path) => ({ method: 'GET' as const, path }));
const result = await autocannon({
  url: spec.base,
  connections: spec.connections,
  duration: spec.seconds,
  headers: spec.headers ?? {},
  requests,
});
const bad = result.non2xx + result.errors + result.timeouts;
console.log(
  JSON.stringify({
    rps: result.requests.average,
    bytesPerSecond: result.throughput.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bad,
    distinct: spec.spread ? Math.min(next, spec.paths.length) : spec.paths.length,
  }),
);
