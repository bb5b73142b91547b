/** `npm run conformance -- <base_url> [--skip-rate-limit]`: checks a deployment of the API against the spec. */
import { answerHelp, refuseArguments } from './lib/cli-help.ts';
import { apiBaseOf } from '../src/conformance/api-base.ts';
import { runConformance } from '../src/conformance/run.ts';

answerHelp(`usage: npm run conformance -- <base_url> [--skip-rate-limit]

Checks a deployment of the API against the spec, one line per check (PASS or FAIL), then "N passed, N failed";
exit 1 when a check failed, 2 on a usage error. <base_url> is the site's address or its API base (…/api/v1).
  --skip-rate-limit   leave out the last check, which spends this address's quota for up to a minute
  e.g. npm run conformance -- http://localhost:4321/api/v1`);

const args = process.argv.slice(2);
const skipRateLimit = args.includes('--skip-rate-limit');
const positional = args.filter((a) => !a.startsWith('--'));
const unknown = args.filter((a) => a.startsWith('--') && a !== '--skip-rate-limit');
const usage =
  'usage: npm run conformance -- <base_url> [--skip-rate-limit]\n  <base_url>: the site (http://localhost:4321) or its API base (http://localhost:4321/api/v1)';

if (unknown.length > 0) refuseArguments(`unknown option ${unknown.join(', ')}`, usage);
if (positional.length !== 1)
  refuseArguments(
    positional.length === 0
      ? 'missing <base_url>'
      : `expected one <base_url>, got ${positional.length}: ${positional.join(' ')}`,
    usage,
  );
const address = apiBaseOf(positional[0]!);
if (!address.ok) refuseArguments(address.problem, usage);
if (address.fromSite) console.error(`checking the site's API base ${address.base}`);

const { failed } = await runConformance(address.base, { skipRateLimit });
process.exit(failed > 0 ? 1 : 0);
