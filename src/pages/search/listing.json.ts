// Ids, kinds and regions of every record in id order: listing without q, and the filters.
import type { APIRoute } from 'astro';
import { getFacts } from '../../data/facts.ts';
import { buildListing } from '../../lib/search/listing.ts';

export const GET: APIRoute = async () => new Response(JSON.stringify(buildListing(await getFacts())));
