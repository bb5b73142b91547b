// One static JSON file per record, at the same path as the API route (extensionless).
import type { APIRoute, GetStaticPaths } from 'astro';
import { getFacts } from '../../../../data/facts.ts';
import type { Fact } from '../../../../lib/schema/fact.ts';

export const getStaticPaths = (async () =>
  (await getFacts()).map((fact) => ({ params: { id: fact.id }, props: { fact } }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ fact: Fact }> = ({ props }) =>
  new Response(JSON.stringify(props.fact), { headers: { 'content-type': 'application/json; charset=utf-8' } });
