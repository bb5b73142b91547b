/** Derives a record id from a file slug, so that writers can name links before the file exists. */
import { createHash } from 'node:crypto';
import { KIND_PREFIX, type Kind } from '../schema/vocabulary.ts';

/** The id `kind` + slug gives: the kind's prefix and the first 16 hex digits of sha256(slug). */
export function idForSlug(kind: Kind, slug: string): string {
  return KIND_PREFIX[kind] + createHash('sha256').update(slug).digest('hex').slice(0, 16);
}
