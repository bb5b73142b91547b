/** Build-time access to the published records, for pages and endpoints. */
import { getCollection } from 'astro:content';
import type { Fact } from '../lib/schema/fact.ts';
import { versioned } from './content-version.ts';

/** Every record, sorted by id (the loader's order); read again after `npm run dev` reloads content. */
export const getFacts: () => Promise<Fact[]> = versioned(() =>
  getCollection('records').then((entries) => entries.map((e) => e.data as Fact).sort((a, b) => (a.id < b.id ? -1 : 1))),
);
