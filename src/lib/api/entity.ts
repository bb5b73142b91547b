/**
 * A 200 body of the API as bytes, with its validators (ETag, Last-Modified) and its compressed forms,
 * each made at most once and kept with the body in whichever cache holds it.
 */
import type { LRUCache } from 'lru-cache';
import type { Coding } from '../http/content-coding.ts';
import { sha256Hex, strongEtag } from '../http/etag.ts';

/** Compresses a body into one coding. Node passes node:zlib; a host whose CDN compresses passes nothing. */
export type Compress = (body: Uint8Array, coding: Coding) => Uint8Array | Promise<Uint8Array>;

/** One coded form of an entity: its bytes and its own strong ETag. */
export interface CodedForm {
  bytes: Uint8Array;
  etag: string;
}

const encoder = new TextEncoder();

/**
 * An HTTP-date for an ISO 8601 date-time, or undefined when it is not a valid date or lies in the future
 * (RFC 9110 §8.8.2.1: a Last-Modified later than the response's Date is never sent).
 */
export function httpDate(iso: string | undefined, now = Date.now()): string | undefined {
  if (iso === undefined) return undefined;
  const ms = Date.parse(iso);
  return Number.isFinite(ms) && ms <= now ? new Date(ms).toUTCString() : undefined;
}

/**
 * The modified_at of a record's JSON. Read with a pattern, once, when the record is cached: the key can only
 * occur unescaped at the record's top level (inside a JSON string its quotes would be escaped).
 */
export function modifiedAtOf(recordJson: string): string | undefined {
  return /"modified_at":"([^"\\]*)"/.exec(recordJson)?.[1];
}

/** A body and what is derived from it. */
export class Entity {
  /** The identity form, UTF-8. */
  readonly bytes: Uint8Array;
  /** The Last-Modified value, when the body has a modification date. */
  readonly lastModified: string | undefined;
  #hash: string | undefined;
  #forms = new Map<Coding, CodedForm | null>();
  #onGrow: (() => void) | undefined;

  #digestOf: string | undefined;

  /**
   * `digestOf`, when given, is a short text that determines `bytes` exactly (e.g. the hashes of the parts the body
   * was joined from): the ETag is then the hash of that text rather than of the whole body, which is cheaper and
   * just as strong a validator.
   */
  constructor(bytes: Uint8Array, lastModified?: string, digestOf?: string) {
    this.bytes = bytes;
    this.lastModified = lastModified;
    this.#digestOf = digestOf;
  }

  /** An entity from a JSON text, with an optional ISO modification date. */
  static fromText(text: string, modifiedAt?: string): Entity {
    return new Entity(encoder.encode(text), httpDate(modifiedAt));
  }

  /** Bytes this entity holds now: the body, the compressed forms made so far, and a fixed allowance for the rest. */
  get size(): number {
    let size = this.bytes.length + 160;
    for (const form of this.#forms.values()) size += form ? form.bytes.length + 48 : 0;
    return size;
  }

  /** The strong ETag of the identity form or of one coding (hashed once, on first demand). */
  async etag(coding: Coding | 'identity' = 'identity'): Promise<string> {
    this.#hash ??= await sha256Hex(this.#digestOf ?? this.bytes);
    return strongEtag(this.#hash, coding);
  }

  /** The body in `coding`, compressed on first demand; null when compression does not make it smaller. */
  async form(coding: Coding, compress: Compress): Promise<CodedForm | null> {
    const known = this.#forms.get(coding);
    if (known !== undefined) return known;
    const bytes = await compress(this.bytes, coding);
    const form = bytes.length < this.bytes.length ? { bytes, etag: await this.etag(coding) } : null;
    this.#forms.set(coding, form);
    this.#onGrow?.();
    return form;
  }

  /**
   * Stores this entity in `cache` under `key`, and has the cache count it again each time it gains a compressed
   * form, so the cache's byte bound holds what it really holds (an entity it has dropped is not put back).
   */
  keepIn(cache: LRUCache<string, Entity>, key: string): void {
    this.#onGrow = () => {
      if (cache.peek(key) !== this) return;
      cache.delete(key);
      cache.set(key, this);
    };
    cache.set(key, this);
  }
}
