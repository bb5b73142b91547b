/** Entity tags (RFC 9110 §8.8.3) and If-None-Match (§13.1.2), in any runtime (node:crypto when there is one, else Web Crypto). */
import type { Coding } from './content-coding.ts';

type NodeHash = (algorithm: 'sha256') => { update(data: string | Uint8Array): { digest(encoding: 'hex'): string } };

/**
 * node:crypto's createHash where the runtime has it (Node, workerd with nodejs_compat), found without importing it so
 * that this module stays loadable in a browser. Measured in Node 22: 28 µs for a 44 KB body, where Web Crypto's
 * digest takes 83 µs (and 21 µs even for 700 bytes), which made hashing a fifth of an uncached search's cost.
 */
const nodeCreateHash: NodeHash | undefined = (() => {
  const host = globalThis as { process?: { getBuiltinModule?: (id: string) => { createHash?: NodeHash } | undefined } };
  try {
    return host.process?.getBuiltinModule?.('node:crypto')?.createHash;
  } catch {
    return undefined;
  }
})();

/** Hex SHA-256 of a body: the validator of its identity form. */
export async function sha256Hex(body: string | Uint8Array): Promise<string> {
  if (nodeCreateHash) return nodeCreateHash('sha256').update(body).digest('hex');
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
