/** Entity tags (RFC 9110 §8.8.3) and If-None-Match (§13.1.2), in any runtime (Web Crypto). */
import type { Coding } from './content-coding.ts';

/** Hex SHA-256 of a body: the validator of its identity form. */
export async function sha256Hex(body: string | Uint8Array): Promise<string> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A strong ETag from a content hash. Each coding of a representation is a different set of bytes,
 * so it gets its own tag (suffix "-br", "-gzip"), as a strong validator must.
 */
export function strongEtag(hashHex: string, coding: Coding | 'identity' = 'identity'): string {
  const base = hashHex.slice(0, 32);
  return coding === 'identity' ? `"${base}"` : `"${base}-${coding}"`;
}

/**
 * Whether If-None-Match matches `etag` (weak comparison, as §13.1.2 requires): `*` matches any current
 * representation; W/ prefixes are ignored. A malformed header matches nothing, so the full answer is sent.
 */
export function ifNoneMatchMatches(header: string | null | undefined, etag: string): boolean {
  if (!header) return false;
  const trimmed = header.trim();
  if (trimmed === '*') return true;
  const opaque = (tag: string) => tag.replace(/^W\//, '');
  const wanted = opaque(etag);
  for (const match of trimmed.matchAll(/(?:W\/)?"[^"]*"/g)) if (opaque(match[0]) === wanted) return true;
  return false;
}
