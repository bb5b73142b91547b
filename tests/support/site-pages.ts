/** A site server for page tests, and helpers to read its pages. */
import { afterAll, beforeAll, expect } from 'vitest';
import type { Fact } from '../../src/lib/schema/fact.ts';
import { startSiteServer, type RunningServer } from './site-server.ts';

/** Starts a site server for the current test file and returns page helpers bound to it. */
export function sitePages() {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startSiteServer();
  });
  afterAll(() => server.close());
  return {
    /** The server's origin. */
    origin: () => server.origin,
    /** The body of a page that must answer 200. */
    text: async (path: string) => {
      const response = await fetch(`${server.origin}${path}`);
      expect(response.status, path).toBe(200);
      return response.text();
    },
    /** A record from the API. */
    record: async (id: string) => (await (await fetch(`${server.origin}/api/v1/facts/${id}?po_live=1`)).json()) as Fact,
  };
}
