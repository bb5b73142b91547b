/**
 * `npx node scripts/bench/language/cli.ts [--variants a+b,c+d]`: the stemmers and stop-word lists side by side on both
 * judged sets. For each variant it rebuilds the test build's search files with that language (the rest of the build
 * is shared through symlinks), runs npm run bench:relevance on it in a process that uses the same language
 * (preload.ts), and tabulates the site's and the API's recall@10 and MRR per category (means of each query's figures, three decimals); then it lists the short stems
 * each stemmer makes over the corpus's vocabulary. Writes bench/results/language.{md,json} and a dated copy.
 */
import { answerHelp, refuseArguments } from '../../lib/cli-help.ts';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { ensureTestBuild } from '../../../tests/support/test-build.ts';
import { readRecords } from '../../../src/lib/records/read-records.ts';
import { parse, stringify } from 'yaml';
import {
  buildShards,
  compileSynonyms,
  foldText,
  LANGUAGE,
  languageName,
  parseSynonyms,
  queryTerms,
  readLexicon,
  SEARCHED_FIELDS,
  shardFileMap,
  tokenize,
  toSearchDocument,
  useLanguage,
  type Stemmer,
} from '../../../src/lib/search/build.ts';
import { INTEGRITY_DIR, INTEGRITY_FILE } from '../../../src/lib/integrity.ts';
import { openIntegrity, writeIntegrity } from '../../../src/adapters/builds/integrity-files.ts';
import { createResultFiles } from '../result-files.ts';
import { DEFAULT_VARIANTS, languageVariant, STEMMERS } from './variants.ts';

const USAGE = `usage: npx node scripts/bench/language/cli.ts [--variants <stemmer>+<stop words>,...]

The stemmers and stop-word lists side by side on the held-out and tuning sets: for each variant, the test build's
search files rebuilt with it, then npm run bench:relevance (site and API, no Pagefind) in a process that stems the
same way; then the short stems (under 4 letters) each stemmer makes over the corpus's vocabulary. Writes
bench/results/language.md and .json and a dated copy (docs/search.md#relevance).
  --variants V   comma-separated variants (default ${DEFAULT_VARIANTS.join(',')})`;
answerHelp(USAGE);

const ROOT = resolve(import.meta.dirname, '../../..');
const { values } = parseArgs({ options: { variants: { type: 'string' } } });
const variants = values.variants?.split(',') ?? [...DEFAULT_VARIANTS];
for (const name of variants) {
  try {
    languageVariant(name);
  } catch (error) {
    refuseArguments((error as Error).message, USAGE);
  }
}

const settings = await ensureTestBuild();
const dist = settings.DIST_DIR;
const facts = await readRecords(settings.CONTENT_DIR, settings.SITE_URL);
const lexicon = await readLexicon();
const integrity = await (await openIntegrity(dist)).all();

/** Phrases of the synonyms file that a variant's stop words leave empty, by variant: the build would refuse the file. */
const droppedPhrases: Record<string, string[]> = {};

/**
 * The synonyms file compiled in the active language. A stop-word list that holds one of its phrases ("cher", numbers)
 * makes the build refuse the file; to measure that list anyway, such phrases are left out (and listed in the report).
 */
async function variantSynonyms(name: string) {
  const entries = parse(await readFile(settings.SYNONYMS_FILE, 'utf8')) as Record<string, unknown>[];
  const dropped: string[] = [];
  const keep = (value: unknown) => {
    const phrases = (Array.isArray(value) ? value : [value]).map(String);
    dropped.push(...phrases.filter((p) => queryTerms(p).length === 0));
    return phrases.filter((p) => queryTerms(p).length > 0);
  };
  const kept = entries.flatMap((entry): Record<string, unknown>[] => {
    if ('group' in entry) {
      const group = keep(entry.group);
      return group.length > 1 ? [{ ...entry, group }] : [];
    }
    const [from, to] = [keep(entry.from), keep(entry.to)];
    return from.length && to.length ? [{ ...entry, from, to }] : [];
  });
  if (dropped.length) droppedPhrases[name] = dropped;
  return compileSynonyms(parseSynonyms(stringify(kept), settings.SYNONYMS_FILE));
}

/** The test build with its search files made in `language`: symlinks to everything else, and its own integrity manifest. */
async function variantBuild(name: string): Promise<string> {
  const previous = useLanguage(languageVariant(name));
  try {
    const synonyms = await variantSynonyms(name);
    const files = shardFileMap(buildShards(facts, { synonyms, lexicon }));
    // The records and synonyms read here must be the build's: the default language must give the build's own files.
    if (languageName() === languageName(LANGUAGE)) {
      for (const [path, text] of files) {
        if (text !== (await readFile(join(dist, path), 'utf8').catch(() => null)))
          throw new Error(
            `${path} rebuilt from ${settings.CONTENT_DIR} differs from ${dist}'s: is the test build current?`,
          );
      }
    }
    const dir = join(ROOT, '.cache/language', name);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    for (const entry of await readdir(dist)) {
      if (entry !== 'search' && entry !== INTEGRITY_FILE && entry !== INTEGRITY_DIR)
        await symlink(join(dist, entry), join(dir, entry));
    }
    const entries = Object.fromEntries(Object.entries(integrity).filter(([path]) => !path.startsWith('search/')));
    for (const [path, text] of files) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
      const bytes = Buffer.from(text);
      entries[path] = { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length };
    }
    await writeIntegrity(dir, entries);
    return dir;
  } finally {
    useLanguage(previous);
  }
}

/** One engine's figures for a category (or "overall"): recall@10 and MRR means, queries whose first page is empty. */
interface EngineFigures {
  recall10: number;
  mrr: number;
  empty: number;
}
/** The site's and the API's figures per set and category. */
type Figures = Record<string, Record<string, Record<'site' | 'api', EngineFigures>>>;
/** Per query: set, category, query, and the site's and API's recall@10 and MRR. */
interface QueryFigures {
  set: string;
  category: string;
  id: string;
  q: string;
  site: [number, number];
  api: [number, number];
}

const QUERY_LINE =
  /^\[(held-out|tuning) ([\w-]+)\] (\S+) "(.*)" site R ([\d.]+) MRR ([\d.]+) \| api R ([\d.]+) MRR ([\d.]+)$/;
/** A category's means, the only lines bench-relevance prints of the held-out set (its queries are never read one by one). */
const CATEGORY_LINE =
  /^\[(held-out) ([\w-]+)\] \d+ queries site R ([\d.]+) MRR ([\d.]+) \| api R ([\d.]+) MRR ([\d.]+)$/;

/** Reads bench-relevance's --verbose lines (each query's figures, three decimals) and its empty-first-page tables. */
function parseReport(text: string): { figures: Figures; queries: QueryFigures[] } {
  const queries: QueryFigures[] = [];
  const empty: Record<string, Record<'site' | 'api', number>> = {};
  let set = '';
  let inEmpty = false;
  let columns: string[] = [];
  const means: Record<string, Record<string, Record<'site' | 'api', [number, number]>>> = {};
  for (const line of text.split('\n')) {
    const c = CATEGORY_LINE.exec(line);
    if (c) {
      (means[c[1]!] ??= {})[c[2]!] = {
        site: [Number(c[3]), Number(c[4])],
        api: [Number(c[5]), Number(c[6])],
      };
      continue;
    }
    const m = QUERY_LINE.exec(line);
    if (m) {
      queries.push({
        set: m[1]!,
        category: m[2]!,
        id: m[3]!,
        q: m[4]!,
        site: [Number(m[5]), Number(m[6])],
        api: [Number(m[7]), Number(m[8])],
      });
      continue;
    }
    // Each set's section starts with its title; the second held-out set's section is not this tool's.
    if (line.startsWith('## '))
      set = line.startsWith('## Held-out') ? 'held-out' : line.startsWith('## Tuning') ? 'tuning' : '';
    else if (line.startsWith('**')) inEmpty = line.startsWith('**queries whose first page is empty');
    else if (line.startsWith('| category |')) columns = line.split('|').map((c) => c.trim());
    else if (line.startsWith('| target')) inEmpty = false;
    else if (inEmpty && set && line.startsWith('| overall |')) {
      const cells = line.split('|').map((c) => c.trim());
      empty[set] = { site: Number(cells[columns.indexOf('site')]), api: Number(cells[columns.indexOf('api')]) };
    }
  }
  const figures: Figures = {};
  for (const name of ['held-out', 'tuning']) {
    const of = queries.filter((q) => q.set === name);
    const given = means[name];
    if (given && empty[name]) {
      figures[name] = Object.fromEntries(
        Object.entries(given).map(([category, f]) => {
          const engine = (e: 'site' | 'api') => ({
            recall10: f[e][0],
            mrr: f[e][1],
            empty: category === 'overall' ? empty[name]![e] : NaN,
          });
          return [category, { site: engine('site'), api: engine('api') }];
        }),
      );
      continue;
    }
    if (of.length === 0 || !empty[name])
      throw new Error(`the relevance report has no ${name} figures:\n${text.slice(0, 2000)}`);
    const categories = [...new Set(of.map((q) => q.category)), 'overall'];
    figures[name] = Object.fromEntries(
      categories.map((category) => {
        const rows = category === 'overall' ? of : of.filter((q) => q.category === category);
        const mean = (engine: 'site' | 'api', i: 0 | 1) => rows.reduce((sum, q) => sum + q[engine][i], 0) / rows.length;
        const engine = (e: 'site' | 'api') => ({
          recall10: mean(e, 0),
          mrr: mean(e, 1),
          empty: category === 'overall' ? empty[name]![e] : NaN,
        });
        return [category, { site: engine('site'), api: engine('api') }];
      }),
    );
  }
  return { figures, queries };
}

const run = promisify(execFile);
const figures: Record<string, Figures> = {};
const perQuery: Record<string, QueryFigures[]> = {};
for (const name of variants) {
  const dir = await variantBuild(name);
  console.error(`${name}: search files in ${dir}; scoring both sets…`);
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      join(import.meta.dirname, 'preload.ts'),
      join(ROOT, 'scripts/bench-relevance.ts'),
      '--dist',
      dir,
      '--no-pagefind',
      '--verbose',
    ],
    {
      env: { ...process.env, RELEVANCE_LANGUAGE: name },
      maxBuffer: 64 * 2 ** 20,
    },
  );
  ({ figures: figures[name], queries: perQuery[name] } = parseReport(stdout));
}

/** Every distinct folded word of the searched fields of the records, with how many records hold it. */
const vocabulary = new Map<string, number>();
for (const fact of facts) {
  const doc = toSearchDocument(fact);
  const words = new Set(SEARCHED_FIELDS.flatMap((field) => tokenize(doc[field]).map(foldText)));
  for (const w of words) vocabulary.set(w, (vocabulary.get(w) ?? 0) + 1);
}
const stopWords = LANGUAGE.stopWords.words;

/** The stems under 4 letters that `stemmer` makes from longer words of the vocabulary, with the words that meet there. */
function shortStems(stemmer: Stemmer): { stem: string; words: string[] }[] {
  const groups = new Map<string, Set<string>>();
  for (const word of vocabulary.keys()) {
    if (stopWords.has(word)) continue;
    const stem = stemmer.stem(word);
    if (!groups.has(stem)) groups.set(stem, new Set());
    groups.get(stem)!.add(word);
  }
  return [...groups]
    .filter(([stem, words]) => stem.length < 4 && [...words].some((w) => w.length > stem.length))
    .map(([stem, words]) => ({ stem, words: [...words].sort() }))
    .sort((a, b) => (a.stem < b.stem ? -1 : 1));
}
const stems = Object.fromEntries(Object.values(STEMMERS).map((s) => [s.name, shortStems(s)]));

const f3 = (n: number) => n.toFixed(3);
const lines: string[] = [];
for (const set of ['held-out', 'tuning']) {
  const categories = Object.keys(figures[variants[0]!]![set]!);
  lines.push(
    `## ${set === 'held-out' ? 'Held-out set (the figures that count)' : 'Tuning set'}: site and API recall@10 / MRR`,
    '',
  );
  lines.push(
    `| category | ${variants.map((v) => `${v} site`).join(' | ')} | ${variants.map((v) => `${v} api`).join(' | ')} |`,
  );
  lines.push(`|---|${variants.map(() => '---:').join('|')}|${variants.map(() => '---:').join('|')}|`);
  for (const category of categories) {
    const cell = (v: string, engine: 'site' | 'api') => {
      const f = figures[v]![set]![category]![engine];
      return `${f3(f.recall10)} / ${f3(f.mrr)}`;
    };
    lines.push(
      `| ${category} | ${variants.map((v) => cell(v, 'site')).join(' | ')} | ${variants.map((v) => cell(v, 'api')).join(' | ')} |`,
    );
  }
  lines.push(
    `| empty first pages | ${variants.map((v) => figures[v]![set]!.overall!.site.empty).join(' | ')} | ${variants.map((v) => figures[v]![set]!.overall!.api.empty).join(' | ')} |`,
    '',
  );
}
lines.push('## Tuning queries whose figures differ between the variants (site, then API: recall@10 / MRR)', '');
const first = perQuery[variants[0]!]!;
for (const [i, query] of first.entries()) {
  const cells = variants.map((v) => perQuery[v]![i]!);
  const differ = cells.some((c) => c.site.join() !== query.site.join() || c.api.join() !== query.api.join());
  if (!differ) continue;
  const show = (c: QueryFigures) => `${c.site.map(f3).join(' / ')}; ${c.api.map(f3).join(' / ')}`;
  lines.push(
    `- ${query.set} ${query.category} "${query.q}": ${variants.map((v, k) => `${v} ${show(cells[k]!)}`).join(' · ')}`,
  );
}
lines.push('');
lines.push(
  `## Stems under 4 letters made from longer words (${vocabulary.size} distinct words of the records' searched fields)`,
  '',
);
for (const [name, list] of Object.entries(stems)) {
  lines.push(
    `- **${name}** (${list.length}): ${list.map((s) => `${s.stem} ← ${s.words.join(', ')}`).join('; ') || 'none'}`,
  );
}
for (const [name, phrases] of Object.entries(droppedPhrases)) {
  lines.push(
    '',
    `${name}: the build refuses the shipped synonyms file (a phrase of stop words only can never be searched); measured without ${phrases.map((p) => `"${p}"`).join(', ')}.`,
  );
}
lines.push(
  '',
  `Variants: <stemmer>+<stop words>; stop-word variants replace the French and Dutch lists and keep the project's German, English and question words (scripts/bench/language/variants.ts). Site and API as in npm run bench:relevance; the figures are deterministic.`,
);
const markdown = `${lines.join('\n')}\n`;
console.log(markdown);
const command = `npx node scripts/bench/language/cli.ts${values.variants ? ` --variants ${values.variants}` : ''}`;
const written = await createResultFiles('language', command).write({
  markdown: `# Language: stemmers and stop-word lists on the judged sets\n\n${markdown}`,
  json: { variants, figures, perQuery, droppedPhrases, shortStems: stems },
});
console.log(`wrote ${written} and bench/results/language.md`);
