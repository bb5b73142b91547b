/**
 * The whole corpus as files written by the build: every record as JSON Lines (gzip), a CSV of scalar fields and
 * counts, and their metadata (Frictionless datapackage.json, DCAT-AP JSON-LD, the catalogue's `downloads` block).
 */
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import type { Fact } from '../schema/fact.ts';
import { FactSchema } from '../schema/fact.ts';
import type { Downloads } from '../schema/downloads.ts';
import { KINDS, REGIONS } from '../schema/vocabulary.ts';
import { API_BASE } from '../paths.ts';
import {
  DOWNLOAD_LIMITS,
  DOWNLOAD_NAMES,
  DOWNLOAD_TYPES,
  DOWNLOADS_PATH,
  downloadApiPath,
  downloadFilePath,
} from './download-files.ts';
import { REUSE_TERMS } from './reuse-terms.ts';

export { DOWNLOAD_LIMITS, DOWNLOAD_NAMES, DOWNLOAD_TYPES, DOWNLOADS_PATH, downloadApiPath, downloadFilePath };

/** Every record exactly as GET /facts/{id} returns it (the same JSON.stringify), one a line, in id order. */
export function jsonLines(facts: readonly Fact[]): string {
  return facts.length === 0 ? '' : `${facts.map((fact) => JSON.stringify(fact)).join('\n')}\n`;
}

/** The columns of the CSV, with the Table Schema field each one is. */
export const CSV_FIELDS = [
  {
    name: 'id',
    type: 'string',
    description: 'Record id, as GET /facts/{id} takes it',
    constraints: { required: true, unique: true },
  },
  { name: 'kind', type: 'string', description: 'Record kind', constraints: { required: true, enum: [...KINDS] } },
  { name: 'title', type: 'string', description: 'Title', constraints: { required: true } },
  {
    name: 'url',
    type: 'string',
    format: 'uri',
    description: 'The record page: the link every reuse must carry',
    constraints: { required: true },
  },
  {
    name: 'regions',
    type: 'string',
    description: 'Regions declared in the record, separated by ";"',
    constraints: { required: true, pattern: `(${REGIONS.join('|')})(;(${REGIONS.join('|')}))*` },
  },
  { name: 'verified_at', type: 'date', description: 'Published verification date; empty when none' },
  { name: 'effective_from', type: 'date', description: 'Date from which the rule or offer applies; empty when none' },
  {
    name: 'modified_at',
    type: 'datetime',
    description: 'Publication modification date (not a factual verification); empty when none',
  },
  { name: 'evidence_kind', type: 'string', description: 'What backs the record; empty when not stated' },
  { name: 'verification_scope', type: 'string', description: 'What the verification covers; empty when not stated' },
  {
    name: 'source_count',
    type: 'integer',
    description: 'Number of sources the record cites',
    constraints: { required: true, minimum: 0 },
  },
  {
    name: 'first_official_source',
    type: 'string',
    format: 'uri',
    description: 'URL of the first source of type official; empty when none',
  },
  { name: 'first_official_source_label', type: 'string', description: 'Label of that source; empty when none' },
] as const;

/**
 * The CSV (RFC 4180, comma-separated, written by csv-stringify): a header row, then one row per record in id order.
 * UTF-8 with a byte order mark and CRLF line ends, so that a spreadsheet opens accents correctly on double-click.
 * Values are written as published: no cell is altered (no formula escaping): the records are the publisher's own.
 */
export function csvText(facts: readonly Fact[]): string {
  const rows = facts.map((fact) => {
    const official = fact.sources.find((source) => source.type === 'official');
    return [
      fact.id,
      fact.kind,
      fact.title,
      fact.url,
      fact.regions.join(';'),
      fact.verified_at ?? '',
      fact.effective_from ?? '',
      fact.modified_at ?? '',
      fact.evidence_kind ?? '',
      fact.verification_scope ?? '',
      fact.sources.length,
      official?.url ?? '',
      official?.label ?? '',
    ];
  });
  return stringify(rows, {
    bom: true,
    record_delimiter: 'windows',
    header: true,
    columns: CSV_FIELDS.map((field) => field.name),
  });
}

/** A file the build wrote: its size and checksum, and how many records it holds. */
export interface BuiltFile {
  bytes: number;
  sha256: string;
  records: number;
}

/** The sizes and checksums of both data files, and when the build ran. */
export interface BuiltDownloads {
  jsonl: BuiltFile;
  csv: BuiltFile;
  builtAt: string;
}

/** Why a download would exceed DOWNLOAD_LIMITS.maxFileBytes (the file, its size and the bound), or null. */
export function oversizeProblem(
  name: string,
  bytes: number,
  records: number,
  limit: number = DOWNLOAD_LIMITS.maxFileBytes,
): string | null {
  if (bytes <= limit) return null;
  return `downloads/${name}: ${bytes} bytes for ${records} records, over the bound of ${limit} bytes (the largest static file Cloudflare serves); the corpus is too large for one download file`;
}

/** The catalogue's `downloads` block. */
export function downloadsBlock(siteUrl: string, built: BuiltDownloads): Downloads {
  const file = (key: 'jsonl' | 'csv', format: string) => ({
    name: DOWNLOAD_NAMES[key],
    url: `${siteUrl}${downloadApiPath(DOWNLOAD_NAMES[key])}`,
    file: `${siteUrl}${downloadFilePath(DOWNLOAD_NAMES[key])}`,
    media_type: DOWNLOAD_TYPES[key],
    format,
    ...built[key],
  });
  return {
    description:
      'The whole corpus in one request, as the build wrote it (not a walk): compare sha256 with the file before use. Each file counts as one request against the quota at its url; the same reuse terms apply as to the API.',
    jsonl: file(
      'jsonl',
      'JSON Lines (UTF-8), gzip-compressed: one record a line, exactly as GET /facts/{id} returns it, in id order',
    ),
    csv: file(
      'csv',
      'CSV (RFC 4180, comma-separated, CRLF, UTF-8 with a byte order mark): a header row, then one row per record in id order',
    ),
    datapackage: `${siteUrl}${downloadFilePath(DOWNLOAD_NAMES.datapackage)}`,
    dcat: `${siteUrl}${downloadFilePath(DOWNLOAD_NAMES.dcat)}`,
    max_bytes: DOWNLOAD_LIMITS.maxFileBytes,
    built_at: built.builtAt,
  };
}

const TITLE = 'permis-facts : le permis de conduire en Belgique, fiche par fiche';
const DESCRIPTION =
  'Reference records (fiches) about driving licences in Belgium: rules, procedures, organizations, offers, people, professionals, articles, lessons, pages and tools, each with its sources, regions and dates. Demonstration content: check every rule with the official body cited.';
const KEYWORDS = ['permis de conduire', 'rijbewijs', 'driving licence', 'Belgique', 'Wallonie', 'Bruxelles', 'Flandre'];

/** What reusing the files requires, said in the package itself. */
export function reuseInPackage(siteUrl: string) {
  return {
    terms: [...REUSE_TERMS],
    attribution: 'Show "permis-facts" visibly, with a link to the record page used.',
    record_link: 'The record page to link is the url field of each record (the url column of the CSV).',
    permission:
      'Full republication of a course or an article (records of kind lesson or article) requires permission from the publisher; so does anything the terms do not allow.',
    page: `${siteUrl}/reutilisation/`,
  };
}

/** The Frictionless Data Package descriptor (v1) of both files, with the reuse terms inside. */
export function dataPackage(siteUrl: string, built: BuiltDownloads): Record<string, unknown> {
  const { $schema: _drop, ...factSchema } = z.toJSONSchema(FactSchema, { target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
  const reuse = reuseInPackage(siteUrl);
  return {
    profile: 'data-package',
    name: 'permis-facts',
    id: `${siteUrl}${downloadFilePath(DOWNLOAD_NAMES.datapackage)}`,
    title: TITLE,
    description: `${DESCRIPTION} Reuse: ${reuse.attribution} ${reuse.record_link} ${reuse.permission}`,
    homepage: `${siteUrl}/`,
    created: built.builtAt,
    keywords: KEYWORDS,
    licenses: [
      {
        path: reuse.page,
        title:
          'Conditions de réutilisation de permis-facts (attribution and a link to each record page; not an open licence)',
      },
    ],
    contributors: [{ title: 'permis-facts', role: 'publisher', path: `${siteUrl}/` }],
    reuse,
    resources: [
      {
        profile: 'data-resource',
        name: 'permis-facts-records',
        path: DOWNLOAD_NAMES.jsonl,
        title: 'Every record, as the API returns it',
        description:
          "One JSON object a line, exactly as GET /facts/{id} returns it (schema: the API's Fact), in id order; gzip-compressed.",
        format: 'jsonl',
        mediatype: 'application/x-ndjson',
        compression: 'gz',
        encoding: 'utf-8',
        bytes: built.jsonl.bytes,
        hash: `sha256:${built.jsonl.sha256}`,
        records: built.jsonl.records,
        schema: factSchema,
      },
      {
        profile: 'tabular-data-resource',
        name: 'permis-facts-table',
        path: DOWNLOAD_NAMES.csv,
        title: 'One row per record: scalar fields and counts',
        description:
          'Comma-separated, CRLF line ends, UTF-8 with a byte order mark (encoding utf-8-sig); empty cells are missing values.',
        format: 'csv',
        mediatype: 'text/csv',
        encoding: 'utf-8-sig',
        bytes: built.csv.bytes,
        hash: `sha256:${built.csv.sha256}`,
        records: built.csv.records,
        dialect: { delimiter: ',', lineTerminator: '\r\n', quoteChar: '"', doubleQuote: true, header: true },
        schema: { fields: CSV_FIELDS, primaryKey: ['id'], missingValues: [''] },
      },
    ],
  };
}

const EU = 'http://publications.europa.eu/resource/authority';

/** DCAT-AP metadata of the dataset and its two distributions, as JSON-LD. */
export function dcatJsonLd(siteUrl: string, built: BuiltDownloads): Record<string, unknown> {
  const dataset = `${siteUrl}${DOWNLOADS_PATH}/#dataset`;
  const publisher = `${siteUrl}/#publisher`;
  const licence = {
    '@id': `${siteUrl}/reutilisation/`,
    '@type': 'dct:LicenseDocument',
    'dct:title': 'Conditions de réutilisation de permis-facts',
  };
  const distribution = (key: 'jsonl' | 'csv', format: string, title: string, extra: Record<string, unknown>) => ({
    '@id': `${siteUrl}${downloadFilePath(DOWNLOAD_NAMES[key])}`,
    '@type': 'dcat:Distribution',
    'dct:title': title,
    'dcat:accessURL': { '@id': `${siteUrl}${downloadApiPath(DOWNLOAD_NAMES[key])}` },
    'dcat:downloadURL': { '@id': `${siteUrl}${downloadFilePath(DOWNLOAD_NAMES[key])}` },
    'dct:format': { '@id': `${EU}/file-type/${format}` },
    'dcat:byteSize': { '@value': String(built[key].bytes), '@type': 'xsd:nonNegativeInteger' },
    'spdx:checksum': {
      '@type': 'spdx:Checksum',
      'spdx:algorithm': { '@id': 'spdx:checksumAlgorithm_sha256' },
      'spdx:checksumValue': built[key].sha256,
    },
    'dct:license': licence,
    'dct:issued': { '@value': built.builtAt, '@type': 'xsd:dateTime' },
    ...extra,
  });
  return {
    '@context': {
      dcat: 'http://www.w3.org/ns/dcat#',
      dct: 'http://purl.org/dc/terms/',
      foaf: 'http://xmlns.com/foaf/0.1/',
      spdx: 'http://spdx.org/rdf/terms#',
      xsd: 'http://www.w3.org/2001/XMLSchema#',
    },
    '@graph': [
      {
        '@id': `${siteUrl}${DOWNLOADS_PATH}/#catalog`,
        '@type': 'dcat:Catalog',
        'dct:title': 'permis-facts',
        'dct:description': 'The datasets published by permis-facts.',
        'dct:publisher': { '@id': publisher },
        'foaf:homepage': { '@id': `${siteUrl}/` },
        'dcat:dataset': { '@id': dataset },
      },
      {
        '@id': dataset,
        '@type': 'dcat:Dataset',
        'dct:title': TITLE,
        'dct:description': DESCRIPTION,
        'dct:publisher': { '@id': publisher },
        'dcat:keyword': KEYWORDS,
        'dct:language': { '@id': `${EU}/language/FRA` },
        'dct:spatial': { '@id': `${EU}/country/BEL` },
        'dct:modified': { '@value': built.builtAt, '@type': 'xsd:dateTime' },
        'dcat:landingPage': { '@id': `${siteUrl}/reutilisation/` },
        'dct:accessRights': { '@id': `${EU}/access-right/PUBLIC` },
        'dct:conformsTo': { '@id': `${siteUrl}${API_BASE}/openapi.json` },
        'dcat:distribution': [
          distribution('jsonl', 'JSON', 'Every record, JSON Lines, gzip', {
            'dcat:mediaType': { '@id': 'https://www.iana.org/assignments/media-types/application/x-ndjson' },
            'dcat:compressFormat': { '@id': 'https://www.iana.org/assignments/media-types/application/gzip' },
          }),
          distribution('csv', 'CSV', 'One row per record, CSV', {
            'dcat:mediaType': { '@id': 'https://www.iana.org/assignments/media-types/text/csv' },
          }),
        ],
      },
      {
        '@id': publisher,
        '@type': 'foaf:Agent',
        'foaf:name': 'permis-facts',
        'foaf:homepage': { '@id': `${siteUrl}/` },
      },
    ],
  };
}

/** The schema.org Dataset of the home page's JSON-LD, with a DataDownload per file. */
export function datasetJsonLd(siteUrl: string, built: BuiltDownloads): Record<string, unknown> {
  const download = (key: 'jsonl' | 'csv', encodingFormat: string) => ({
    '@type': 'DataDownload',
    contentUrl: `${siteUrl}${downloadFilePath(DOWNLOAD_NAMES[key])}`,
    encodingFormat,
    contentSize: `${built[key].bytes} B`,
    sha256: built[key].sha256,
  });
  return {
    '@type': 'Dataset',
    '@id': `${siteUrl}${DOWNLOADS_PATH}/#dataset`,
    name: TITLE,
    description: DESCRIPTION,
    url: `${siteUrl}/reutilisation/`,
    inLanguage: 'fr-BE',
    keywords: KEYWORDS,
    license: `${siteUrl}/reutilisation/`,
    creditText: 'permis-facts, with a link to the record page used',
    isAccessibleForFree: true,
    creator: { '@id': `${siteUrl}/#publisher` },
    publisher: { '@id': `${siteUrl}/#publisher` },
    spatialCoverage: { '@type': 'Country', name: 'Belgique' },
    dateModified: built.builtAt,
    distribution: [download('jsonl', 'application/x-ndjson+gzip'), download('csv', 'text/csv')],
    subjectOf: { '@type': 'DataCatalog', url: `${siteUrl}${downloadFilePath(DOWNLOAD_NAMES.dcat)}` },
  };
}
