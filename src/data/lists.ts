/** Build-time grouping of records for the lists by kind and by region. */
import type { Fact } from '../lib/schema/fact.ts';
import { KINDS, REGIONS, type Kind, type Region } from '../lib/schema/vocabulary.ts';
import { getFacts } from './facts.ts';

/** Records per list page. */
export const LIST_PAGE_SIZE = 24;

/** Records of each kind, sorted by French title. */
export async function factsByKind(): Promise<Map<Kind, Fact[]>> {
  const facts = await getFacts();
  return new Map(KINDS.map((k) => [k, byTitle(facts.filter((f) => f.kind === k))]));
}

/** Every record, sorted by French title (the /fiches/ list). */
export async function factsByTitle(): Promise<Fact[]> {
  return byTitle([...(await getFacts())]);
}

/** Records of each region, sorted by French title. */
export async function factsByRegion(): Promise<Map<Region, Fact[]>> {
  const facts = await getFacts();
  return new Map(REGIONS.map((r) => [r, byTitle(facts.filter((f) => f.regions.includes(r)))]));
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
function byTitle(facts: Fact[]): Fact[] {
  return facts.sort((a, b) => collator.compare(a.title, b.title) || (a.id < b.id ? -1 : 1));
}
