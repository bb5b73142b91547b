/**
 * Turns an Entity into the reply a request asked for: the coding chosen from Accept-Encoding, its strong ETag,
 * Last-Modified, and a 304 when If-None-Match names that ETag. No other request ever gets a 304.
 */
import { chooseCoding, MIN_COMPRESS_BYTES } from '../http/content-coding.ts';
import { ifNoneMatchMatches } from '../http/etag.ts';
import type { Compress, Entity } from './entity.ts';
import { CORS_HEADERS, JSON_TYPE, type ApiReply } from './responses.ts';

/** Cache-Control of every 200 (and of the 304 that stands for it). */
export const CACHEABLE = 'public, max-age=300';

/** The request headers negotiation reads. */
export interface NegotiationRequest {
  headers: { get(name: string): string | null };
}

/**
 * The 200 or 304 for `entity`. Bodies under MIN_COMPRESS_BYTES, or every body when `compress` is absent
 * (a host whose CDN compresses), are sent as they are, without Vary; the others carry Vary: Accept-Encoding.
 * If-None-Match is compared with the ETag of the form that would be sent, as RFC 9110 §13.1.2 asks.
 */
export async function entityReply(
  entity: Entity,
  request: NegotiationRequest,
  compress: Compress | undefined,
): Promise<ApiReply> {
  const varies = compress !== undefined && entity.bytes.length >= MIN_COMPRESS_BYTES;
  const coding = varies ? chooseCoding(request.headers.get('accept-encoding')) : 'identity';
  const form = coding === 'identity' ? null : await entity.form(coding, compress!);
  const etag = form ? form.etag : await entity.etag();
  const validators: Record<string, string> = { ...CORS_HEADERS, 'cache-control': CACHEABLE, etag };
  if (varies) validators.vary = 'Accept-Encoding';
  if (ifNoneMatchMatches(request.headers.get('if-none-match'), etag)) {
    return { status: 304, headers: { ...validators, 'x-content-type-options': 'nosniff' }, body: '' };
  }
  const headers: Record<string, string> = {
    'content-type': JSON_TYPE,
    'x-content-type-options': 'nosniff',
    ...validators,
  };
  if (entity.lastModified) headers['last-modified'] = entity.lastModified;
  if (form) headers['content-encoding'] = coding;
  return { status: 200, headers, body: form ? form.bytes : entity.bytes };
}
