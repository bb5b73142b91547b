import { describe, expect, it } from 'vitest';
import { readSettings } from '../../src/lib/config.ts';
import { clientAddress } from '../../src/lib/api/client-address.ts';
import { readRecords } from '../../src/lib/records/read-records.ts';
import { FIXTURES_DIR } from '../support/test-build.ts';

describe('settings', () => {
  it('has documented defaults', () => {
    expect(readSettings({})).toEqual({
      PORT: 4321,
      HOST: 'localhost',
      SITE_URL: 'http://localhost:4321',
      RATE_LIMIT_PER_MINUTE: 120,
      RATE_LIMIT_IPV6_PREFIX: 64,
      TRUST_PROXY: 0,
      CONTENT_DIR: 'content/records',
      DIST_DIR: 'dist',
      SYNONYMS_FILE: 'content/synonyms.yaml',
      SHUTDOWN_DEADLINE_SECONDS: 10,
      FRESHNESS_MONTHS: 12,
      FRESHNESS_FAIL_ON: ['none'],
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      LOG_QUERIES: '0',
    });
  });

  it('defaults SITE_URL to http://HOST:PORT, so PORT=4399 gives record urls on 4399', () => {
    expect(readSettings({ PORT: '4399' }).SITE_URL).toBe('http://localhost:4399');
    expect(readSettings({ HOST: '127.0.0.1', PORT: '8080' }).SITE_URL).toBe('http://127.0.0.1:8080');
    expect(readSettings({ HOST: 'permis.example' }).SITE_URL).toBe('http://permis.example:4321');
  });

  it('gives record urls on the port the server listens on when only PORT is set', async () => {
    const facts = await readRecords(FIXTURES_DIR, readSettings({ PORT: '4399' }).SITE_URL);
    expect(facts.length).toBeGreaterThan(0);
    for (const fact of facts) expect(fact.url).toBe(`http://localhost:4399/fiches/${fact.id}/`);
  });

  it('uses localhost in the default SITE_URL when HOST is a wildcard, and brackets an IPv6 HOST', () => {
    expect(readSettings({ HOST: '0.0.0.0', PORT: '4399' }).SITE_URL).toBe('http://localhost:4399');
    expect(readSettings({ HOST: '::', PORT: '4399' }).SITE_URL).toBe('http://localhost:4399');
    expect(readSettings({ HOST: '::1', PORT: '4399' }).SITE_URL).toBe('http://[::1]:4399');
  });

  it('keeps an explicit SITE_URL whatever HOST and PORT say', () => {
    expect(readSettings({ PORT: '4399', HOST: '0.0.0.0', SITE_URL: 'https://permis.example' }).SITE_URL).toBe(
      'https://permis.example',
    );
  });

  it('reads values and trims the trailing slash of SITE_URL', () => {
    expect(readSettings({ PORT: '8080', SITE_URL: 'https://permis.example/', TRUST_PROXY: '2' })).toMatchObject({
      PORT: 8080,
      SITE_URL: 'https://permis.example',
      TRUST_PROXY: 2,
    });
  });

  it('refuses a SITE_URL with a path, a query, a fragment or a user name, naming the value and what it has', () => {
    const origin =
      "must be the site's origin alone (scheme, host, optional port; the site is served at its root), e.g. https://permis.example.be";
    const described =
      "(Public address of the site, an origin without a path, used in every record's url; default http://HOST:PORT, on a Netlify or Vercel build the host's production address)";
    const refused = (value: string, has: string) =>
      expect(() => readSettings({ SITE_URL: value })).toThrow(
        `Invalid configuration:\n  - SITE_URL=${JSON.stringify(value)}: ${origin}: it has ${has} ${described}`,
      );
    refused('http://localhost:4411/sub', 'a path ("/sub")');
    refused('https://permis.example.be/sub/', 'a path ("/sub/")');
    refused('https://permis.example.be//', 'a path ("//")');
    refused('https://permis.example.be/?a=1', 'a query ("?a=1")');
    refused('https://permis.example.be?', 'a query ("?")');
    refused('https://permis.example.be/#top', 'a fragment ("#top")');
    refused('https://permis.example.be/fr?a#b', 'a path ("/fr"), a query ("?a"), a fragment ("#b")');
    refused('https://moi:secret@permis.example.be', 'a user name or password');
  });

  it('refuses a SITE_URL whose scheme is not http or https', () => {
    for (const value of ['ftp://permis.example.be', 'javascript:alert(1)', 'permis.example.be'])
      expect(() => readSettings({ SITE_URL: value })).toThrow(
        `Invalid configuration:\n  - SITE_URL=${JSON.stringify(value)}: must be an http:// or https:// address, e.g. https://permis.example.be (`,
      );
  });

  it('keeps SITE_URL as its origin: one trailing slash, a default port and capitals are dropped', () => {
    expect(readSettings({ SITE_URL: 'https://permis.example.be/' }).SITE_URL).toBe('https://permis.example.be');
    expect(readSettings({ SITE_URL: 'HTTPS://Permis.Example.be:443' }).SITE_URL).toBe('https://permis.example.be');
    expect(readSettings({ SITE_URL: 'http://127.0.0.1:4411/' }).SITE_URL).toBe('http://127.0.0.1:4411');
    expect(readSettings({ SITE_URL: 'http://[::1]:4411' }).SITE_URL).toBe('http://[::1]:4411');
  });

  it("on a Netlify or Vercel build with SITE_URL unset, uses the host's production address and says so", () => {
    expect(readSettings({ NETLIFY: 'true', URL: 'https://permis.netlify.app' })).toMatchObject({
      SITE_URL: 'https://permis.netlify.app',
      siteUrlNote:
        "SITE_URL is unset on a Netlify build (NETLIFY=true): building for https://permis.netlify.app, Netlify's production address (URL); set SITE_URL for another address",
    });
    // Vercel gives a host name without its scheme.
    expect(readSettings({ VERCEL: '1', VERCEL_PROJECT_PRODUCTION_URL: 'permis.vercel.app' })).toMatchObject({
      SITE_URL: 'https://permis.vercel.app',
      siteUrlNote:
        "SITE_URL is unset on a Vercel build (VERCEL=1): building for https://permis.vercel.app, Vercel's production address (VERCEL_PROJECT_PRODUCTION_URL); set SITE_URL for another address",
    });
  });

  it('on a Netlify or Vercel build, a SITE_URL that is set wins, and no note is given', () => {
    const settings = readSettings({
      VERCEL: '1',
      VERCEL_PROJECT_PRODUCTION_URL: 'permis.vercel.app',
      SITE_URL: 'https://permis.example.be',
    });
    expect(settings.SITE_URL).toBe('https://permis.example.be');
    expect(settings).not.toHaveProperty('siteUrlNote');
    expect(readSettings({ NETLIFY: 'true', SITE_URL: 'https://permis.example.be' }).SITE_URL).toBe(
      'https://permis.example.be',
    );
  });

  it('on a Netlify or Vercel build with SITE_URL unset and no address from the host, stops naming SITE_URL, never localhost', () => {
    expect(() => readSettings({ VERCEL: '1', PORT: '4399' })).toThrow(
      "Invalid configuration:\n  - SITE_URL (unset): a Vercel build (VERCEL=1) needs the public address of the site and Vercel gives none (VERCEL_PROJECT_PRODUCTION_URL is unset): set SITE_URL in the project's environment variables, e.g. https://permis.example.be",
    );
    expect(() => readSettings({ NETLIFY: 'true', URL: '' })).toThrow(
      "Invalid configuration:\n  - SITE_URL (unset): a Netlify build (NETLIFY=true) needs the public address of the site and Netlify gives none (URL is unset): set SITE_URL in the site's environment variables, e.g. https://permis.example.be",
    );
    // The host's address is held to SITE_URL's rules.
    expect(() => readSettings({ NETLIFY: 'true', URL: 'https://permis.netlify.app/fr' })).toThrow(
      `Invalid configuration:\n  - URL="https://permis.netlify.app/fr": must be the site's origin alone (scheme, host, optional port; the site is served at its root), e.g. https://permis.example.be: it has a path ("/fr") (Netlify's production address, which stands in for SITE_URL on a Netlify build (NETLIFY=true) when SITE_URL is unset; set SITE_URL in the site's environment variables)`,
    );
  });

  it('elsewhere, URL and VERCEL_PROJECT_PRODUCTION_URL are not read: SITE_URL defaults to http://HOST:PORT', () => {
    expect(readSettings({ URL: 'https://permis.netlify.app', NETLIFY: 'false' }).SITE_URL).toBe(
      'http://localhost:4321',
    );
    expect(readSettings({ VERCEL_PROJECT_PRODUCTION_URL: 'permis.vercel.app' }).SITE_URL).toBe('http://localhost:4321');
  });

  it('names every bad variable and its value', () => {
    expect(() =>
      readSettings({ PORT: 'abc', SITE_URL: 'permis', RATE_LIMIT_PER_MINUTE: '0', TRUST_PROXY: '-1' }),
    ).toThrow(
      /Invalid configuration:\n {2}- PORT="abc": .*\(Port the server listens on\)\n {2}- SITE_URL="permis": .*\n {2}- RATE_LIMIT_PER_MINUTE="0": .*\n {2}- TRUST_PROXY="-1": /,
    );
  });
});

describe('client address', () => {
  const request = (xff?: string) => new Request('http://x/', { headers: xff ? { 'x-forwarded-for': xff } : {} });

  it('uses the socket address and ignores X-Forwarded-For by default', () => {
    expect(clientAddress(request('1.1.1.1'), '10.0.0.1', 0)).toBe('10.0.0.1');
  });

  it('takes the hop before the trusted proxies when TRUST_PROXY is set', () => {
    expect(clientAddress(request('6.6.6.6, 1.1.1.1'), '10.0.0.1', 1)).toBe('1.1.1.1');
    expect(clientAddress(request('6.6.6.6, 1.1.1.1, 10.0.0.2'), '10.0.0.1', 2)).toBe('1.1.1.1');
  });

  it('falls back to the first hop when the chain is shorter than the trusted proxies', () => {
    expect(clientAddress(request(), '10.0.0.1', 1)).toBe('10.0.0.1');
    expect(clientAddress(request('1.1.1.1'), '10.0.0.1', 3)).toBe('1.1.1.1');
  });
});
