/** The bench's query mix: common and rare single words, two and three words, elision, filters, a later page. */
import type { FactsQuery } from '../../../src/lib/search/index.ts';

/** What every in-process search figure of the bench is measured on. */
export const QUERY_MIX: FactsQuery[] = [
  { q: 'permis', limit: 10, offset: 0 },
  { q: 'examen théorique', limit: 10, offset: 0 },
  { q: 'alcool', limit: 10, offset: 0 },
  { q: 'tracteur', limit: 10, offset: 0 },
  { q: 'permis provisoire', limit: 10, offset: 0 },
  { q: "l'examen pratique", limit: 10, offset: 0 },
  { q: 'conduire', region: 'wallonie', limit: 10, offset: 0 },
  { q: 'permis', kind: 'lesson', limit: 10, offset: 0 },
  { q: 'œil médecin', limit: 10, offset: 0 },
  { q: 'permis conduire', limit: 10, offset: 20 },
];
