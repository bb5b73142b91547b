// How the browser searches: locally with the index, or through the API past the download budget.
import type { APIRoute } from 'astro';
import { getSearchArtefacts } from '../../data/search-artefacts.ts';

export const GET: APIRoute = async () => new Response(JSON.stringify((await getSearchArtefacts()).manifest));
