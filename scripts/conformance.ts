/** `npm run conformance -- <base_url> [--skip-rate-limit]`: checks a deployment of the API against the spec. */
import { answerHelp } from './lib/cli-help.ts';
import { runConformance } from '../src/conformance/run.ts';

answerHelp(`usage: npm run conformance -- <base_url> [--skip-rate-limit]

Checks a deployment of the API against the spec, one line per check (PASS or FAIL), then "N passed, N failed";
exit 1 when a check failed, 2 on a usage error. <base_url> ends with /api/v1.
  --skip-rate-limit   leave out the last check, which spends this address's quota for up to a minute
  e.g. npm run conformance -- http://localhost:4321/api/v1`);

const args = process.argv.slice(2);
const skipRateLimit = args.includes('--skip-rate-limit');
const positional = args.filter((a) => !a.startsWith('--'));
const unknown = args.filter((a) => a.startsWith('--') && a !== '--skip-rate-limit');
const usage = 'usage: npm run conformance -- <base_url> [--skip-rate-limit]\n  e.g. npm run conformance -- http://localhost:4321/api/v1';

if (positional.length !== 1 || unknown.length > 0) {
  console.error(unknown.length > 0 ? `unknown option ${unknown.join(', ')}\n${usage}` : usage);
  process.exit(2);
}
let base: URL;
try {
  base = new URL(positional[0]!);
  if (!/^https?:$/.test(base.protocol)) throw new Error('not http(s)');
} catch {
  console.error(`the base address must be an absolute http(s) URL, got ${JSON.stringify(positional[0])}\n${usage}`);
  process.exit(2);
}
if (!/\/api\/v1\/?$/.test(base.pathname)) console.error(`note: the spec's base address ends with /api/v1; ${base.href} does not`);

const { failed } = await runConformance(base.href, { skipRateLimit });
process.exit(failed > 0 ? 1 : 0);
