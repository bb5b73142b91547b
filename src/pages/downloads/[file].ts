// The downloads (src/lib/publish/downloads.ts): none when a file would exceed the bound (makeDownloads gives null).
import type { APIRoute, GetStaticPaths } from 'astro';
import { getDownloads } from '../../data/downloads.ts';
import { dataPackage, dcatJsonLd, DOWNLOAD_NAMES, DOWNLOAD_TYPES } from '../../lib/publish/downloads.ts';
import { readSettings } from '../../lib/config.ts';

export const getStaticPaths = (async () => {
  const made = await getDownloads();
  if (!made) return [];
  const siteUrl = readSettings(process.env).SITE_URL;
  const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  const bodies = {
    jsonl: made.jsonlGz,
    csv: made.csv,
    datapackage: json(dataPackage(siteUrl, made.built)),
    dcat: json(dcatJsonLd(siteUrl, made.built)),
  };
  return (Object.keys(DOWNLOAD_NAMES) as (keyof typeof DOWNLOAD_NAMES)[]).map((key) => ({
    params: { file: DOWNLOAD_NAMES[key] },
    props: { body: bodies[key], type: DOWNLOAD_TYPES[key] },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ body: Uint8Array; type: string }> = ({ props }) =>
  new Response(props.body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': props.type } });
