// The vocabulary by stem length, for "did you mean" corrections.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSearchArtefacts } from '../../../data/search-artefacts.ts';

export const getStaticPaths = (async () =>
  [...(await getSearchArtefacts()).words].map(([length, text]) => ({
    params: { n: String(length) },
    props: { text },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ text: string }> = ({ props }) => new Response(props.text);
