/**
 * `npm run layout:netlify` / `npm run layout:vercel`: lays the build in DIST_DIR out for that host (run after
 * `npm run build`; netlify.toml and vercel.json do both): build/netlify/, or .vercel/output/ (Build Output API).
 */
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';
import { staticLayout, vercelLayout } from './lib/host-layout.ts';

answerHelp(`usage: npm run layout:netlify | npm run layout:vercel   (node scripts/host-layout.ts netlify|vercel)

Lays the build in DIST_DIR out for that host, after npm run build: build/netlify/ (the publish folder of
netlify.toml) or .vercel/output/ (Vercel's Build Output API v3) (docs/publishing.md#deploying).

${settingsHelp(['DIST_DIR'])}`);

const host = process.argv[2];
const settings = settingsOrExit(process.env);
if (host === 'netlify') {
  await staticLayout(settings.DIST_DIR, 'build/netlify');
  console.log(`build/netlify: ${settings.DIST_DIR} laid out for Netlify (publish folder of netlify.toml)`);
} else if (host === 'vercel') {
  await vercelLayout(settings.DIST_DIR, '.vercel/output');
  console.log(`.vercel/output: ${settings.DIST_DIR} laid out for Vercel (Build Output API v3)`);
} else {
  console.error(`usage: node scripts/host-layout.ts netlify|vercel, got ${JSON.stringify(host)}`);
  process.exit(2);
}
