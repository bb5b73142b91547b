// Titles and excerpts for browser search results, in listing order.
import type { APIRoute } from 'astro';
import { getFacts } from '../../data/facts.ts';
import { buildCards } from '../../lib/search/cards.ts';

export const GET: APIRoute = async () => new Response(JSON.stringify(buildCards(await getFacts())));
