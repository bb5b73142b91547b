import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseCoding, parseAcceptEncoding } from '../../src/lib/http/content-coding.ts';
import { ifNoneMatchMatches, sha256Hex, strongEtag } from '../../src/lib/http/etag.ts';

describe('content-coding negotiation', () => {
  it('prefers br, then gzip, when the client rates them equally', () => {
    expect(chooseCoding('gzip, deflate, br')).toBe('br');
    expect(chooseCoding('gzip')).toBe('gzip');
    expect(chooseCoding('br', ['gzip'])).toBe('identity');
  });
  it('honours q-values, zero meaning "not acceptable"', () => {
    expect(chooseCoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(chooseCoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(chooseCoding('*;q=0.3, br;q=0')).toBe('gzip');
    expect(chooseCoding('identity;q=1, br;q=0.5')).toBe('identity');
  });
  it('sends identity without the header, or for an unknown coding', () => {
    expect(chooseCoding(null)).toBe('identity');
    expect(chooseCoding('')).toBe('identity');
    expect(chooseCoding('zstd')).toBe('identity');
  });
  it('accepts x-gzip as gzip and treats a malformed q as 0', () => {
    expect(chooseCoding('x-gzip')).toBe('gzip');
    expect(parseAcceptEncoding('br;q=abc').get('br')).toBe(0);
    expect(chooseCoding('br;q=2')).toBe('identity');
  });
  it('never throws and always answers a coding it was offered', () => {
    fc.assert(
      fc.property(fc.string(), (header) => {
        expect(['br', 'gzip', 'identity']).toContain(chooseCoding(header));
      }),
    );
  });
});

describe('entity tags', () => {
  it('gives each coding of one body its own strong tag', async () => {
    const hash = await sha256Hex('{"a":1}');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(strongEtag(hash)).toBe(`"${hash.slice(0, 32)}"`);
    expect(strongEtag(hash, 'br')).toBe(`"${hash.slice(0, 32)}-br"`);
    expect(await sha256Hex('{"a":2}')).not.toBe(hash);
  });
  it('matches If-None-Match lists, weak tags and *, and nothing for malformed headers', () => {
    expect(ifNoneMatchMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('*', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('"abcd"', '"abc"')).toBe(false);
    expect(ifNoneMatchMatches('abc', '"abc"')).toBe(false);
    expect(ifNoneMatchMatches(null, '"abc"')).toBe(false);
  });
});
