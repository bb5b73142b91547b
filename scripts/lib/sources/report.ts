/** The report of a sources check: dead links, permanent moves, unverified links, slow hosts; as a table, JSON and Markdown. */
import type { Hop, LinkResult } from './check-link.ts';
import type { LinkUse } from './extract-links.ts';

/** One use of a link that needs the publisher's attention, at its file and line. */
export interface ReportItem {
  file: string;
  line: number;
  field: string;
  url: string;
  status?: number;
  reason?: string;
  movedTo?: string;
  chain: Hop[];
}

/** A host whose links answer slowly. */
export interface SlowHost {
  host: string;
  links: number;
  medianMs: number;
  maxMs: number;
}

/** Everything `npm run check:sources` tells; the JSON output is this object. */
export interface SourcesReport {
  generatedAt: string;
  /** Link uses in the records, unique addresses, and the addresses left out as fictional. */
  uses: number;
  urls: number;
  fictional: number;
  /** Addresses whose result came from the cache; requests sent by this run. */
  fromCache: number;
  requests: number;
  dead: ReportItem[];
  moved: ReportItem[];
  unverified: ReportItem[];
  slowHosts: SlowHost[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
};

/** Builds the report from the link uses and the results by address. */
export function buildReport(
  uses: readonly LinkUse[],
  results: ReadonlyMap<string, LinkResult>,
  counts: { fromCache: number; requests: number },
  slowMs: number,
  now: Date,
): SourcesReport {
  const items = (verdict: LinkResult['verdict']) =>
    uses.flatMap((use): ReportItem[] => {
      const result = results.get(use.url);
      if (result?.verdict !== verdict) return [];
      const { status, reason, movedTo, chain } = result;
      return [
        {
          file: use.file,
          line: use.line,
          field: use.field,
          url: use.url,
          ...(status ? { status } : {}),
          ...(reason ? { reason } : {}),
          ...(movedTo ? { movedTo } : {}),
          chain,
        },
      ];
    });
  const byHost = new Map<string, number[]>();
  for (const result of results.values()) {
    if (result.ms <= 0) continue;
    const host = new URL(result.url).host;
    byHost.set(host, [...(byHost.get(host) ?? []), result.ms]);
  }
  const slowHosts = [...byHost]
    .map(([host, times]) => ({
      host,
      links: times.length,
      medianMs: Math.round(median(times)),
      maxMs: Math.round(Math.max(...times)),
    }))
    .filter((h) => h.medianMs >= slowMs)
    .sort((a, b) => b.medianMs - a.medianMs);
  return {
    generatedAt: now.toISOString(),
    uses: uses.length,
    urls: new Set(uses.filter((u) => !u.fictional).map((u) => u.url)).size,
    fictional: new Set(uses.filter((u) => u.fictional).map((u) => u.url)).size,
    ...counts,
    dead: items('dead'),
    moved: items('moved'),
    unverified: items('unverified'),
    slowHosts,
  };
}

/** The chain as `301 → 301 → 200`, with the method when HEAD was refused. */
function chainText(chain: readonly Hop[]): string {
  return chain.map((hop) => `${hop.method === 'GET' ? 'GET ' : ''}${hop.status}`).join(' → ');
}

/** The one-line summary that ends every output. */
export function summaryLine(report: SourcesReport): string {
  return (
    `${report.urls} addresses in ${report.uses} links (${report.fictional} fictional left out), ${report.fromCache} from the cache, ${report.requests} requests: ` +
    `${report.dead.length} dead, ${report.moved.length} moved, ${report.unverified.length} unverified, ${report.slowHosts.length} slow hosts`
  );
}

/** A plain-text table for a terminal: one row per link use that needs attention, then slow hosts, then the summary. */
export function formatTable(report: SourcesReport): string {
  const rows: string[][] = [
    ...report.dead.map((i) => ['dead', `${i.file}:${i.line}`, i.field, i.url, i.reason ?? '']),
    ...report.moved.map((i) => [
      'moved',
      `${i.file}:${i.line}`,
      i.field,
      i.url,
      `→ ${i.movedTo} (${chainText(i.chain)})`,
    ]),
    ...report.unverified.map((i) => ['unverified', `${i.file}:${i.line}`, i.field, i.url, i.reason ?? '']),
  ];
  const lines: string[] = [];
  if (rows.length > 0) {
    const head = ['what', 'where', 'field', 'link', 'detail'];
    const widths = head.map((h, c) => Math.min(60, Math.max(h.length, ...rows.map((r) => r[c]!.length))));
    const line = (cells: string[]) =>
      cells
        .map((cell, c) => (c === cells.length - 1 ? cell : cell.padEnd(widths[c]!)))
        .join('  ')
        .trimEnd();
    lines.push(line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line));
  }
  for (const h of report.slowHosts)
    lines.push(`slow host ${h.host}: median ${h.medianMs} ms, max ${h.maxMs} ms over ${h.links} links`);
  lines.push(summaryLine(report));
  return lines.join('\n');
}

/** Markdown for a CI summary (GitHub's $GITHUB_STEP_SUMMARY): a section per kind of problem. */
export function formatMarkdown(report: SourcesReport): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const out = ['# Sources check', '', summaryLine(report), ''];
  const section = (title: string, items: ReportItem[], detail: (i: ReportItem) => string) => {
    if (items.length === 0) return;
    out.push(`## ${title} (${items.length})`, '', '| where | field | link | detail |', '|---|---|---|---|');
    for (const i of items)
      out.push(`| \`${cell(i.file)}:${i.line}\` | ${cell(i.field)} | <${i.url}> | ${cell(detail(i))} |`);
    out.push('');
  };
  section('Dead links', report.dead, (i) => i.reason ?? '');
  section('Moved permanently', report.moved, (i) => `new address <${i.movedTo}> (${chainText(i.chain)})`);
  section('Unverified (the host kept refusing)', report.unverified, (i) => i.reason ?? '');
  if (report.slowHosts.length > 0) {
    out.push(`## Slow hosts (${report.slowHosts.length})`, '', '| host | links | median | max |', '|---|---|---|---|');
    for (const h of report.slowHosts) out.push(`| ${h.host} | ${h.links} | ${h.medianMs} ms | ${h.maxMs} ms |`);
    out.push('');
  }
  return out.join('\n');
}

/** Whether the report fails the run under `--fail-on`: dead fails on dead links, moved on dead or moved ones, none never. */
export function fails(report: SourcesReport, failOn: 'dead' | 'moved' | 'none'): boolean {
  if (failOn === 'none') return false;
  return report.dead.length > 0 || (failOn === 'moved' && report.moved.length > 0);
}
