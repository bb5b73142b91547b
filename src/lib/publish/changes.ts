/** The change notes of records, as readers see them: the latest one, the history, and the changes across records. */
import type { Change, Fact } from '../schema/fact.ts';

/** Path of the « Dernières modifications » pages, and how many changes one page lists. */
export const CHANGES_PAGE = { path: '/modifications/', pageSize: 30, title: 'Dernières modifications' } as const;

/** One change of one record, for the list across records. */
export interface RecordChange {
  fact: Pick<Fact, 'id' | 'kind' | 'title' | 'url' | 'regions'>;
  change: Change;
}

/** A record's latest change (the last of its list, which is kept oldest first), or undefined. */
export function latestChange(fact: Pick<Fact, 'changes'>): Change | undefined {
  return fact.changes?.at(-1);
}

/** A record's changes newest first, as its page and feed entry show them. */
export function changesNewestFirst(fact: Pick<Fact, 'changes'>): Change[] {
  return [...(fact.changes ?? [])].reverse();
}

/** Every change of every record, newest first; changes of one day are ordered by record title, then id. */
export function recentChanges(facts: readonly Fact[]): RecordChange[] {
  const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
  return facts
    .flatMap((fact) =>
      (fact.changes ?? []).map((change) => ({
        fact: { id: fact.id, kind: fact.kind, title: fact.title, url: fact.url, regions: fact.regions },
        change,
      })),
    )
    .sort((a, b) =>
      a.change.date < b.change.date
        ? 1
        : a.change.date > b.change.date
          ? -1
          : collator.compare(a.fact.title, b.fact.title) || (a.fact.id < b.fact.id ? -1 : 1),
    );
}
