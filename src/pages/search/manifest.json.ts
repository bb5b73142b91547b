// What BM25+ needs globally, and how the other search files are cut.
import type { APIRoute } from 'astro';
import { getSearchArtefacts } from '../../data/search-artefacts.ts';

export const GET: APIRoute = async () => new Response(JSON.stringify((await getSearchArtefacts()).manifest));
