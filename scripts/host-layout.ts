/**
 * `npm run layout:netlify` / `npm run layout:vercel`: lays the build made for SITE_URL out for that host (found, or
 * made first; netlify.toml and vercel.json run `npm run build` before it): build/netlify/, or .vercel/output/ (Build Output API).
 */
import { answerHelp, settingsHelp } from './lib/cli-help.ts';
import { settingsOrExit } from './lib/settings-or-exit.ts';
import { staticLayout, vercelLayout } from './lib/host-layout.ts';
import { ensureBuild } from './lib/prepare-build.ts';

answerHelp(`usage: npm run layout:netlify | npm run layout:vercel   (node scripts/host-layout.ts netlify|vercel)

Lays the build made for SITE_URL and the current sources out for that host (made first when there is none, as
npm run build would): build/netlify/ (the publish folder of netlify.toml) or .vercel/output/ (Vercel's Build Output
API v3) (docs/publishing.md#deploying).

${settingsHelp(['SITE_URL', 'CONTENT_DIR', 'DIST_DIR'])}`);

const host = process.argv[2];
if (host !== 'netlify' && host !== 'vercel') {
  console.error(`usage: node scripts/host-layout.ts netlify|vercel, got ${JSON.stringify(host)}`);
  process.exit(2);
}
const settings = settingsOrExit(process.env);
const build = await ensureBuild(settings, { log: console.log, onFailure: 'exit' });
if (host === 'netlify') {
  await staticLayout(build, 'build/netlify');
  console.log(
    `build/netlify: ${build} (made for ${settings.SITE_URL}) laid out for Netlify (publish folder of netlify.toml)`,
  );
} else {
  await vercelLayout(build, '.vercel/output');
  console.log(`.vercel/output: ${build} (made for ${settings.SITE_URL}) laid out for Vercel (Build Output API v3)`);
}
