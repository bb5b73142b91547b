// Kind and regions of every record in id order (one byte each): filters, totals and facets.
import type { APIRoute } from 'astro';
import { getSearchArtefacts } from '../../data/search-artefacts.ts';

export const GET: APIRoute = async () => new Response((await getSearchArtefacts()).listing);
