/**
 * Node-only, `npm run dev`: shows an invalid record, synonyms or topics file in the open page, as Vite's own error
 * overlay (the dev server's `hot.send({type: 'error', err})`), naming the file and line with its code frame; clears it
 * (one reload) once the files are valid again. A page opened while the error stands gets the overlay too.
 */
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ViteDevServer } from 'vite';
import { displayPath, fileStamp, type ReadCache } from '../../src/lib/records/read-records.ts';
import { readContent } from './read-content.ts';
import type { Settings } from '../../src/lib/config.ts';

/**
 * Vite's error payload (vite/types/hmrPayload.d.ts). Under `astro dev`, Astro's overlay replaces Vite's: Astro turns
 * this payload into its own (it reads the file at `loc` for the code it shows, and renders `message` and `hint`).
 */
export interface ErrorPayload {
  type: 'error';
  err: {
    name: string;
    title: string;
    message: string;
    hint: string;
    stack: string;
    id?: string;
    frame?: string;
    plugin?: string;
    loc?: { file: string; line: number; column: number };
    /** The file's text, which Astro's overlay shows with the line marked (Astro cannot read a file outside the project itself). */
    fullCode?: string;
  };
}

/** Every problem of the content `npm run dev` serves: records, then topics (against the records' ids), then synonyms; [] when valid. */
export async function contentProblems(settings: Settings, cache: ReadCache): Promise<string[]> {
  // Records, topics and synonyms in one pass: invalid records do not hide the others' problems.
  const { errors } = await readContent(settings, cache, { skipVanished: true });
  return errors.flatMap((error) => error.problems);
}

/** The overlay for `problems` (each `file:line: field: message`, then its code frame): every problem's first line, the first one's frame and place. */
export function errorPayload(problems: readonly string[]): ErrorPayload {
  const [first = ''] = problems;
  const [head = '', ...frame] = first.split('\n');
  const place = /^(.+?):(\d+)(?::(\d+))?: /.exec(head);
  const heads = problems.map((p) => p.split('\n')[0]!);
  const err: ErrorPayload['err'] = {
    name: 'ContentError',
    title: problems.length === 1 ? 'Invalid content file' : `Invalid content files (${problems.length} problems)`,
    message: heads.join('\n'),
    hint: 'Fix the file and save it: the page reloads by itself. Until then the site shows the last valid content.',
    stack: heads.join('\n'),
    plugin: 'permis-facts',
    frame: frame.map((line) => line.replace(/^ {6}/, '')).join('\n'),
  };
  if (place) {
    const file = resolve(place[1]!);
    Object.assign(err, { id: file, loc: { file, line: Number(place[2]), column: Number(place[3] ?? 1) } });
    try {
      err.fullCode = readFileSync(file, 'utf8');
    } catch {
      // Gone again (a rename in progress): the message and the frame still say where.
    }
  }
  return { type: 'error', err };
}

/** How long a file found invalid is given to finish being written before the overlay shows it. */
const SETTLE_MS = 300;

/** While an error stands, how often the record files read are compared with what was read (stale()). */
export const STALE_POLL_MS = 500;

/** What the overlay asks of `npm run dev` beyond the page. */
export interface OverlayHooks {
  /**
   * While an error stands, a record file it names is no longer what was read, with no watcher event for it (watchers
   * can miss events: network and container file systems, for one). Handle it as a change of that file.
   */
  stale(file: string): void;
  /** The error is fixed: the records loader, which may have read the same save half-written, reads it again. */
  fixed(): void;
}

/**
 * Checks the content after each change (`check()`, once for a burst, never two at once) and shows or clears the
 * overlay; returns the check to call on every content event.
 */
export function errorOverlay(
  server: ViteDevServer,
  settings: Settings,
  hooks: OverlayHooks = { stale: () => {}, fixed: () => {} },
): () => void {
  const cache: ReadCache = new Map();
  let shown: ErrorPayload | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let poll: NodeJS.Timeout | undefined;
  // Compares each record file that a problem names with what was read, once; one changed or gone goes to hooks.stale.
  const stalePath = async (problems: readonly string[]): Promise<string | undefined> => {
    for (const [path, { stamp }] of cache) {
      if (!problems.some((problem) => problem.startsWith(`${displayPath(path)}:`))) continue;
      const now = await stat(path).then(fileStamp, () => undefined);
      if (now !== stamp) return path;
    }
    return undefined;
  };
  const watchStale = () => {
    clearTimeout(poll);
    if (!shown) return;
    const problems = shown.err.message.split('\n');
    poll = setTimeout(async () => {
      const path = shown && (await stalePath(problems));
      if (path) hooks.stale(path);
      else watchStale();
    }, STALE_POLL_MS).unref();
  };
  const hot = server.environments.client.hot;
  // A page opened (or reloaded) while the error stands: its client connects, and gets the overlay.
  server.ws.on('connection', () => shown && hot.send(shown));
  const problemsNow = () =>
    contentProblems(settings, cache).catch((error: unknown) => [
      `(content): ${error instanceof Error ? error.message : String(error)}`,
    ]);
  const run = async () => {
    let problems = await problemsNow();
    if (problems.length > 0) {
      // A save often truncates the file, then writes it: a half-written file is no error to show. Look again once the
      // write has settled, and show only what is still wrong then. Also while an error stands: the watcher may report
      // the truncation alone, and a fix read half-written must not leave the old overlay up with no event to follow.
      await new Promise((settled) => setTimeout(settled, SETTLE_MS));
      problems = await problemsNow();
    }
    if (problems.length > 0) {
      shown = errorPayload(problems);
      hot.send(shown);
    } else if (shown) {
      shown = undefined;
      // Fixed: one reload shows the valid content and drops the overlay (Vite's client clears it on reload).
      hot.send({ type: 'full-reload', path: '*' });
      hooks.fixed();
    }
    watchStale();
  };
  const check = () => {
    if (running) return void (again = true);
    running = run().finally(() => {
      running = undefined;
      if (again) (again = false), check();
    });
  };
  return () => {
    clearTimeout(timer);
    timer = setTimeout(check, 50);
  };
}
