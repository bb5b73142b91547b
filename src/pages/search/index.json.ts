// The serialised MiniSearch index, shared by the API handler and the browser.
import type { APIRoute } from 'astro';
import { getFacts } from '../../data/facts.ts';
import { buildIndex } from '../../lib/search/search-engine.ts';
import { toSearchDocument } from '../../lib/search/search-options.ts';

export const GET: APIRoute = async () => new Response(JSON.stringify(buildIndex((await getFacts()).map(toSearchDocument))));
