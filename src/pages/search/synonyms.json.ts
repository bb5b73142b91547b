// The publisher's synonyms (content/synonyms.yaml), compiled: the one file every search reader uses.
import type { APIRoute } from 'astro';
import { getSearchArtefacts } from '../../data/search-artefacts.ts';

export const GET: APIRoute = async () => new Response((await getSearchArtefacts()).synonyms);
