/** Run in its own process: autocannon against one server, cycling through paths; prints one JSON line. */
import autocannon from 'autocannon';

const [base, duration, connections, ...paths] = process.argv.slice(2);
const result = await autocannon({
  url: base!,
  connections: Number(connections),
  duration: Number(duration),
  requests: paths.map((path) => ({ method: 'GET', path })),
});
const bad = result.non2xx + result.errors + result.timeouts;
console.log(JSON.stringify({ rps: result.requests.average, bytesPerSecond: result.throughput.average, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, bad }));
