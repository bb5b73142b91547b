// Term shards (search/terms/N.json): the postings of the terms that hash to each file; and the files of the
// large terms (search/terms/N-K.json), which their shard names.
import type { APIRoute, GetStaticPaths } from 'astro';
import { getSearchArtefacts } from '../../../data/search-artefacts.ts';

export const getStaticPaths = (async () => {
  const { terms, bigTerms } = await getSearchArtefacts();
  const shards = terms.map((text, n) => ({ params: { n: String(n) }, props: { text } }));
  const big = [...bigTerms].map(([path, text]) => ({
    params: { n: path.slice('search/terms/'.length, -'.json'.length) },
    props: { text },
  }));
  return [...shards, ...big];
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ text: string }> = ({ props }) => new Response(props.text);
