// The vocabulary by its first two letters, most frequent first: what search as you type completes the last word from.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSearchArtefacts } from '../../../data/search-artefacts.ts';

export const getStaticPaths = (async () =>
  [...(await getSearchArtefacts()).prefixes].map(([key, text]) => ({
    params: { p: key },
    props: { text },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ text: string }> = ({ props }) => new Response(props.text);
