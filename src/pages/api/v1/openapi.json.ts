// The OpenAPI 3.1.0 document, generated from the zod schemas.
import type { APIRoute } from 'astro';
import { buildOpenApi } from '../../../lib/publish/openapi.ts';
import { readSettings } from '../../../lib/config.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(buildOpenApi(readSettings(process.env).SITE_URL), null, 2));
