/** The worker in workerd: the download route counts once and redirects; the assets layer serves the files. */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Downloads } from '../../src/lib/schema/downloads.ts';
import type { Catalogue } from '../../src/lib/schema/catalogue.ts';
import { expectError } from '../support/api.ts';
import { startTestEdge } from '../support/worker-target.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
let base: URL;
beforeAll(async () => {
  base = (await startTestEdge({ vars: { RATE_LIMIT_PER_MINUTE: '3' } })).url;
});
const call = (path: string, init: RequestInit = {}) => fetch(new URL(path, base), { redirect: 'manual', ...init });

describe('downloads on the worker', () => {
  it('redirects once counted, then serves each file with its type, an ETag, CORS and the advertised SHA-256; the 4th route request is a 429', async () => {
    const { downloads } = (await (await call('/api/v1/?po_live=1')).json()) as Catalogue & { downloads: Downloads };
    for (const file of [downloads.jsonl, downloads.csv]) {
      const redirect = await call(`/api/v1/downloads/${file.name}`);
      expect(redirect.status).toBe(307);
      expect(redirect.headers.get('location')).toBe(`/downloads/${file.name}`);
      const response = await call(redirect.headers.get('location')!, { headers: { 'accept-encoding': 'identity' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(file.media_type);
      expect(response.headers.get('etag')).toBeTruthy();
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(bytes.length).toBe(file.bytes);
      expect(sha256(bytes)).toBe(file.sha256);
      const again = await call(`/downloads/${file.name}`, {
        headers: { 'if-none-match': response.headers.get('etag')! },
      });
      expect(again.status).toBe(304);
    }
    // Catalogue + 2 downloads = 3 requests of the quota; the static files counted none.
    await expectError(await call('/api/v1/downloads/permis-facts.csv'), 429, 'rate_limited');
  });
});
