/** The downloads block of the catalogue (schema name Downloads): the whole corpus as files, with their checksums. */
import { z } from 'zod';

/** One downloadable file of the corpus. */
export const DownloadFileSchema = z
  .object({
    name: z.string().describe('File name, as the datapackage.json resource path gives it'),
    url: z
      .url()
      .describe(
        'Where to download it: an API route that counts as one request against the quota and answers 307 to the file (follow redirects)',
      ),
    file: z.url().describe('The static file itself, outside /api/v1 (outside the quota, like every page of the site)'),
    media_type: z.string().describe('Content-Type of the file'),
    format: z.string().describe('What the bytes hold, once decompressed when the file is compressed'),
    bytes: z.int().min(0).describe('Size of the file, in bytes, as served (compressed when it is a .gz file)'),
    sha256: z
      .string()
      .regex(/^[a-f0-9]{64}$/)
      .describe('Hex SHA-256 of the file, as served; verify it before use'),
    records: z.int().min(0).describe('Records the file holds: one a line (JSON Lines) or one a row (CSV)'),
  })
  .describe('A file of the whole corpus');
export type DownloadFile = z.infer<typeof DownloadFileSchema>;

/** The catalogue's `downloads` field. */
export const DownloadsSchema = z
  .object({
    description: z.string().describe('What the files are and how they relate to the API'),
    jsonl: DownloadFileSchema.describe(
      'Every record exactly as GET /facts/{id} returns it, one JSON object a line, gzip-compressed',
    ),
    csv: DownloadFileSchema.describe(
      'One row per record of its scalar fields and counts; UTF-8 with a byte order mark, CRLF line ends',
    ),
    datapackage: z
      .url()
      .describe('Frictionless Data Package descriptor of both files: schema, licence, attribution, sizes and SHA-256'),
    dcat: z.url().describe('DCAT-AP metadata of the dataset and its distributions, as JSON-LD'),
    max_bytes: z
      .int()
      .min(1)
      .describe(
        'Largest size of any download file: a build whose file would be larger writes no download (and no downloads block)',
      ),
    built_at: z.iso
      .datetime()
      .describe('When the build that wrote the files ran: the files are the corpus as it was then'),
  })
  .meta({
    id: 'Downloads',
    description:
      'The whole corpus as files written by the build (JSON Lines and CSV), with their metadata; absent when a file would exceed the bound (max_bytes): then walk /facts',
  });
export type Downloads = z.infer<typeof DownloadsSchema>;
