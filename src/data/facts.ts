/** Build-time access to the published records, for pages and endpoints. */
import { getCollection } from 'astro:content';
import type { Fact } from '../lib/schema/fact.ts';

let cached: Promise<Fact[]> | undefined;

/** Every record, sorted by id (the loader's order). */
export function getFacts(): Promise<Fact[]> {
  cached ??= getCollection('records').then((entries) => entries.map((e) => e.data as Fact).sort((a, b) => (a.id < b.id ? -1 : 1)));
  return cached;
}
