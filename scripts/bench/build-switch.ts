/**
 * `npm run bench:builds -- [--rounds 20]`: the soak's build-switch phase alone (scripts/bench/soak-builds.ts): a
 * running `npm start` while `npm run build` makes builds for other addresses, switching DIST_DIR and removing old
 * builds, round after round. Figures: docs/operating.md#builds.
 */
import { answerHelp, refuseArguments } from '../lib/cli-help.ts';
import { parseArgs } from 'node:util';
import { formatSoakBuilds, SOAK_BUILDS_DEFAULTS, soakBuilds } from './soak-builds.ts';

const usage = `usage: npm run bench:builds -- [--rounds 20]

Serves the bundled corpus with npm start in a temp folder, then runs npm run build for another address --rounds times
(each a real build; builds beyond the kept number are removed) while requests of every kind go to the server.
Prints the answers that were not as expected, the start time of a second npm start on the existing build, and the
builds kept with their total size. npm run bench -- --soak runs the same phase after the hostile-request soak.`;
answerHelp(usage);

const { values } = parseArgs({ options: { rounds: { type: 'string', default: String(SOAK_BUILDS_DEFAULTS.rounds) } } });
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 0)
  refuseArguments(`--rounds must be a whole number, 0 or more: got ${JSON.stringify(values.rounds)}`, usage);
console.log(`\n${formatSoakBuilds(await soakBuilds({ rounds }))}`);
