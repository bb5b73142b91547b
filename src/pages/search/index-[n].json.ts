// The index's terms, in chunks small enough for any static host.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSearchArtefacts } from '../../data/search-artefacts.ts';

export const getStaticPaths = (async () => (await getSearchArtefacts()).chunks.map((chunk, n) => ({ params: { n: String(n) }, props: { chunk } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ chunk: string }> = ({ props }) => new Response(props.chunk);
