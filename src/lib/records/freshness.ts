/** The freshness report of `npm run check:records`: what a publisher should verify again, each item at its file and line. */
import { KINDS, REGIONS } from '../schema/vocabulary.ts';
import type { RawRecordFile } from './parse-record-file.ts';

/** The kinds of freshness items, in report order. */
export const FRESHNESS_ITEMS = [
  'never-verified',
  'verified-long-ago',
  'effective-soon',
  'no-official-source',
  'dates-contradict',
] as const;
/** One kind of freshness item. */
export type FreshnessItemKind = (typeof FRESHNESS_ITEMS)[number];

/** How each kind of item is titled in the report. */
const TITLES: Record<FreshnessItemKind, (months: number) => string> = {
  'never-verified': () => 'never verified',
  'verified-long-ago': (months) => `verified more than ${months} months ago`,
  'effective-soon': () => 'effective_from in the future',
  'no-official-source': () => 'fact without an official source',
  'dates-contradict': () => 'contradicting dates',
};

/** One record that needs attention, at the line of the field concerned. */
export interface FreshnessItem {
  kind: FreshnessItemKind;
  file: string;
  line: number;
  field: string;
  message: string;
  recordKind: string;
  regions: string[];
}

/** Options of freshnessReport: the age from which a verification is old, and today (UTC, YYYY-MM-DD). */
export interface FreshnessOptions {
  months: number;
  today: string;
}

/** `date` (YYYY-MM-DD) moved back by `months` calendar months, the day clamped to the month's last. */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Data objects whose `fictional: true` marks an invented example: nothing in it can be verified. */
const DATA_FIELDS = ['organization_data', 'person_data', 'offer_data', 'professional_data'] as const;

type Loose = {
  organization_data?: unknown;
  person_data?: unknown;
  offer_data?: unknown;
  professional_data?: unknown;
  kind?: unknown;
  regions?: unknown;
  sources?: unknown;
  verified_at?: unknown;
  effective_from?: unknown;
  modified_at?: unknown;
  changes?: unknown;
};

/**
 * The freshness items of valid record files (validated already: fields have their schema's types). A record whose data
 * object is fictional is never reported as unverified: there is nothing to verify in an invented example.
 */
export function freshnessReport(
  files: readonly Pick<RawRecordFile, 'file' | 'frontmatter' | 'locate'>[],
  options: FreshnessOptions,
): FreshnessItem[] {
  const cutoff = monthsBefore(options.today, options.months);
  const items: FreshnessItem[] = [];
  for (const raw of [...files].sort((a, b) => (a.file < b.file ? -1 : 1))) {
    const data = (raw.frontmatter ?? {}) as Loose;
    const recordKind = String(data.kind);
    const regions = Array.isArray(data.regions) ? data.regions.map(String) : [];
    const add = (kind: FreshnessItemKind, path: (string | number)[], message: string) => {
      const line = raw.locate?.(path, true)?.line ?? 1;
      items.push({
        kind,
        file: raw.file,
        line,
        field: path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${p}` : p)).join(''),
        message,
        recordKind,
        regions,
      });
    };
    const verified = typeof data.verified_at === 'string' ? data.verified_at : undefined;
    const effective = typeof data.effective_from === 'string' ? data.effective_from : undefined;
    const modified =
      typeof data.modified_at === 'string' ? new Date(data.modified_at).toISOString().slice(0, 10) : undefined;
    const changes = Array.isArray(data.changes) ? (data.changes as { date: string }[]) : [];
    const fictional = DATA_FIELDS.some(
      (name) => (data[name] as { fictional?: unknown } | undefined)?.fictional === true,
    );
    if (!verified) {
      if (!fictional) add('never-verified', ['id'], 'no verified_at: the record was never verified');
    } else if (verified < cutoff)
      add(
        'verified-long-ago',
        ['verified_at'],
        `verified ${verified}, before ${cutoff} (${options.months} months ago)`,
      );
    if (effective && effective > options.today)
      add('effective-soon', ['effective_from'], `takes effect ${effective}, after today (${options.today})`);
    const sources = Array.isArray(data.sources) ? (data.sources as { type?: unknown }[]) : [];
    if (recordKind === 'fact' && !sources.some((s) => s.type === 'official'))
      add('no-official-source', ['sources'], 'a fact with no source of type official');
    if (verified && verified > options.today)
      add('dates-contradict', ['verified_at'], `verified ${verified}, after today (${options.today})`);
    if (modified && modified > options.today)
      add('dates-contradict', ['modified_at'], `modified ${modified}, after today (${options.today})`);
    if (verified && modified && verified > modified)
      add(
        'dates-contradict',
        ['verified_at'],
        `verified ${verified}, after modified_at ${modified}: publishing a verification modifies the record`,
      );
    const last = changes.at(-1)?.date;
    if (last && modified && last > modified)
      add(
        'dates-contradict',
        ['changes', changes.length - 1, 'date'],
        `last change ${last}, after modified_at ${modified}`,
      );
    if (last && !modified)
      add('dates-contradict', ['changes', changes.length - 1, 'date'], `last change ${last}, but no modified_at`);
  }
  return items;
}

/** The report as text: a count per kind of item, the counts by record kind and by region, then one line per item. */
export function formatFreshness(items: readonly FreshnessItem[], months: number): string {
  const count = (kind: FreshnessItemKind) => items.filter((i) => i.kind === kind).length;
  const lines = [`Freshness: ${FRESHNESS_ITEMS.map((kind) => `${count(kind)} ${TITLES[kind](months)}`).join(', ')}`];
  const tally = (keys: readonly string[], of: (item: FreshnessItem) => string[]) =>
    keys
      .map((key) => [key, items.filter((i) => of(i).includes(key)).length] as const)
      .filter(([, n]) => n > 0)
      .map(([key, n]) => `${key} ${n}`)
      .join(', ') || 'none';
  lines.push(`  by kind: ${tally(KINDS, (i) => [i.recordKind])}`, `  by region: ${tally(REGIONS, (i) => i.regions)}`);
  for (const kind of FRESHNESS_ITEMS) {
    const of = items.filter((i) => i.kind === kind);
    if (of.length === 0) continue;
    lines.push(
      `  ${TITLES[kind](months)} (${of.length}):`,
      ...of.map((i) => `    - ${i.file}:${i.line}: ${i.field}: ${i.message}`),
    );
  }
  return lines.join('\n');
}
