// Document blocks: id, title and excerpt of consecutive records in id order.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSearchArtefacts } from '../../../data/search-artefacts.ts';

export const getStaticPaths = (async () =>
  (await getSearchArtefacts()).docs.map((text, n) => ({
    params: { n: String(n) },
    props: { text },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ text: string }> = ({ props }) => new Response(props.text);
