/**
 * Browser: the search backend, opened once on first use of a search box. It runs the shared engine
 * over the sharded index: the manifest and the listing first, then only the term shards of each
 * query's words and the document blocks of the results shown. Static files only, at any corpus size.
 */
import { openSearchEngine, sitePage, type ResultCard, type ResultPage, type Question } from '../lib/search/index.ts';

export type { ResultCard, ResultPage, Question };

/** A loaded search backend. */
export interface SearchBackend {
  run(question: Question): Promise<ResultPage>;
}

async function fetchText(path: string): Promise<string> {
  // Same-origin credentials (the site sets no cookie), as the page's <link rel=preload crossorigin> asks: so they match.
  const response = await fetch(`/${path}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`/${path}: HTTP ${response.status}`);
  return response.text();
}

/**
 * Lets the browser paint and answer input between the steps of a search, so that no step makes one long task
 * (Lighthouse's Total Blocking Time): scheduler.yield() where the browser has it, else a macrotask.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resume) => setTimeout(resume, 0));
}

async function staticBackend(): Promise<SearchBackend> {
  const engine = await openSearchEngine(fetchText);
  await yieldToMain();
  // The page's logic is sitePage (assist/site-page.ts), the very function that the relevance bench scores.
  return { run: (question) => sitePage(engine, question, yieldToMain) };
}

let pending: Promise<SearchBackend> | undefined;

/** Starts loading (once) and resolves with the backend; a failure can be retried. */
export function prefetchSearchData(): Promise<SearchBackend> {
  pending ??= staticBackend();
  pending.catch(() => (pending = undefined));
  return pending;
}
