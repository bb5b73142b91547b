/** Spec sections 2 and 4.2-4.3: record fields and ids, one record by id, and the pagination rules. */
import type { Check } from './check.ts';
import { expect, isJsonType } from './context.ts';
import { recordProblems, type Page, type RecordJson } from './record-rules.ts';

/** Most records a conformance run walks (in pages of 50), to stay well under the rate limit. */
export const WALK_CAP = 1000;

/** Checks of records and pagination. */
export const recordChecks: Check[] = [
  {
    name: 'records have the spec fields and types (id pattern, kind, title, text, url, regions, sources; optional fields typed)',
    async run(ctx) {
      const page = await ctx.shared<Page>('/facts?limit=50');
      expect(page.results.length > 0, 'GET /facts?limit=50 returned no record');
      const problems = page.results.flatMap((r) => recordProblems(r).map((p) => `${(r as RecordJson).id}: ${p}`));
      expect(problems.length === 0, `${problems.length} problems, first: ${problems.slice(0, 3).join('; ')}`);
      return `${page.results.length} records checked`;
    },
  },
  {
    name: 'GET /facts/{id} returns the record itself, not wrapped, with the same id and kind as search gave',
    async run(ctx) {
      const page = await ctx.shared<Page>('/facts?limit=50');
      const chosen = [page.results[0], page.results.at(-1)].filter((r): r is RecordJson => Boolean(r));
      for (const listed of chosen) {
        const answer = await ctx.request(ctx.url(`/facts/${listed.id}?po_live=1`));
        expect(answer.status === 200, `GET /facts/${listed.id}: expected 200, got ${answer.status}`);
        expect(
          isJsonType(answer.headers.get('content-type')),
          `GET /facts/${listed.id}: expected application/json, got ${answer.headers.get('content-type')}`,
        );
        const record = answer.json as RecordJson;
        expect(
          record?.id === listed.id && record.kind === listed.kind,
          `GET /facts/${listed.id}: got id ${JSON.stringify(record?.id)}, kind ${JSON.stringify(record?.kind)}`,
        );
        const problems = recordProblems(record);
        expect(problems.length === 0, `GET /facts/${listed.id}: ${problems.join('; ')}`);
      }
    },
  },
  {
    name: 'pagination: limit and offset are echoed, pages are consecutive windows, offset at or past total gives an empty page',
    async run(ctx) {
      const ten = await ctx.data<Page>('/facts?limit=10&offset=0');
      const first = await ctx.data<Page>('/facts?limit=5&offset=0');
      const second = await ctx.data<Page>('/facts?limit=5&offset=5');
      expect(
        first.limit === 5 && second.limit === 5 && second.offset === 5,
        `limit/offset not echoed: got ${first.limit}/${first.offset} and ${second.limit}/${second.offset}`,
      );
      const ids = (p: Page) => p.results.map((r) => r.id).join(',');
      expect(
        ids(ten) === [ids(first), ids(second)].filter(Boolean).join(','),
        `offset 0 limit 10 is not offset 0 limit 5 then offset 5 limit 5: ${ids(ten)} vs ${ids(first)} | ${ids(second)}`,
      );
      if (ten.total <= 10_000) {
        const atTotal = await ctx.data<Page>(`/facts?offset=${ten.total}`);
        expect(
          atTotal.results.length === 0 && atTotal.total === ten.total,
          `offset=total (${ten.total}): expected no results, got ${atTotal.results.length}`,
        );
      }
    },
  },
  {
    name: `pagination: walking from offset 0 by the results read until total gives each record once (first ${WALK_CAP} at most)`,
    async run(ctx) {
      const seen = new Set<string>();
      let offset = 0;
      let total = Infinity;
      let read = 0;
      while (offset < Math.min(total, WALK_CAP)) {
        const page = await ctx.data<Page>(`/facts?limit=50&offset=${offset}`);
        total = page.total;
        if (page.results.length === 0) break;
        for (const r of page.results) {
          expect(!seen.has(r.id), `record ${r.id} appears twice in one walk (offset ${offset})`);
          seen.add(r.id);
          const problems = recordProblems(r);
          expect(problems.length === 0, `${r.id}: ${problems.join('; ')}`);
        }
        read += page.results.length;
        offset += page.results.length;
      }
      expect(total > WALK_CAP ? read >= WALK_CAP : read === total, `walked ${read} records but total says ${total}`);
      return `${read} of ${total} records walked`;
    },
  },
];
