// Titles and excerpts for browser search results, in listing order.
import type { APIRoute } from 'astro';
import { getSearchArtefacts } from '../../data/search-artefacts.ts';

export const GET: APIRoute = async () => new Response((await getSearchArtefacts()).cards);
