// The head of the serialised MiniSearch index (document tables); its terms are in index-N.json.
import type { APIRoute } from 'astro';
import { getSearchArtefacts } from '../../data/search-artefacts.ts';

export const GET: APIRoute = async () => new Response((await getSearchArtefacts()).head);
