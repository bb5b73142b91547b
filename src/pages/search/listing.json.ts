// Ids, kinds and regions of every record in id order: listing without q, and the filters.
import type { APIRoute } from 'astro';
import { getSearchArtefacts } from '../../data/search-artefacts.ts';

export const GET: APIRoute = async () => new Response((await getSearchArtefacts()).listing);
