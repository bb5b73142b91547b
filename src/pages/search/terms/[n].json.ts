// Term shards: the postings of the terms that hash to each file.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSearchArtefacts } from '../../../data/search-artefacts.ts';

export const getStaticPaths = (async () => (await getSearchArtefacts()).terms.map((text, n) => ({ params: { n: String(n) }, props: { text } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ text: string }> = ({ props }) => new Response(props.text);
