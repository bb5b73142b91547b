/** Spec sections 4.2, 4.3 and 8: parameters, their limits, filters and the 400/404 answers. */
import { expectErrorBody, type Check } from './check.ts';
import { excerpt, expect, withPoLive } from './context.ts';
import type { Page } from './record-rules.ts';

/** Invalid /facts queries: each must get 400 with the JSON error body. */
const INVALID: [string, string][] = [
  ['limit=0', 'limit below 1'],
  ['limit=51', 'limit above 50'],
  ['limit=abc', 'limit not an integer'],
  ['offset=-1', 'offset below 0'],
  ['offset=10001', 'offset above 10000'],
  [`q=${'a'.repeat(301)}`, 'q of 301 characters'],
  ['region=paris', 'unknown region'],
  ['kind=recipe', 'unknown kind'],
  ['po_live=2', 'po_live other than 1'],
];

/** Values at the edge of the limits: each must be accepted. */
const VALID_EDGES: [string, string][] = [
  ['limit=1', 'limit 1'],
  ['limit=50', 'limit 50'],
  ['offset=10000', 'offset 10000'],
  [`q=${'a'.repeat(300)}`, 'q of 300 characters'],
];

/** Checks of parameters and their errors. */
export const parameterChecks: Check[] = [
  {
    name: 'GET /facts without limit or offset answers the list response with limit 10 and offset 0',
    async run(ctx) {
      const page = await ctx.shared<Page>('/facts');
      expect(Array.isArray(page.results), `results is not an array: ${JSON.stringify(page.results)?.slice(0, 80)}`);
      for (const field of ['total', 'limit', 'offset'] as const)
        expect(Number.isInteger(page[field]), `${field} is not an integer: ${JSON.stringify(page[field])}`);
      expect(
        page.limit === 10 && page.offset === 0,
        `expected limit 10 and offset 0, got limit ${page.limit}, offset ${page.offset}`,
      );
      expect(page.results.length <= 10, `expected at most 10 results, got ${page.results.length}`);
      expect(
        page.results.length === Math.min(10, page.total),
        `expected min(10, total=${page.total}) results, got ${page.results.length}`,
      );
      return `total ${page.total}`;
    },
  },
  ...INVALID.map(
    ([query, what]): Check => ({
      name: `GET /facts?${query.length > 40 ? `${query.slice(0, 12)}…` : query} (${what}) answers 400 with a JSON error`,
      async run(ctx) {
        const path = query.startsWith('po_live') ? `/facts?${query}` : withPoLive(`/facts?${query}`);
        expectErrorBody(await ctx.request(ctx.url(path)), 400, `GET ${path.slice(0, 60)}`);
      },
    }),
  ),
  {
    name: `GET /facts accepts the edge values (${VALID_EDGES.map(([, what]) => what).join(', ')})`,
    async run(ctx) {
      for (const [query, what] of VALID_EDGES) {
        const answer = await ctx.request(ctx.url(withPoLive(`/facts?${query}`)));
        expect(answer.status === 200, `${what}: expected 200, got ${answer.status} ${excerpt(answer.text)}`);
      }
    },
  },
  {
    name: 'region and kind filters keep only matching records; belgique selects records that declare belgique',
    async run(ctx) {
      for (const filter of ['region=wallonie', 'region=belgique', 'kind=lesson', 'kind=fact&region=bruxelles']) {
        const page = await ctx.data<Page>(`/facts?${filter}&limit=50`);
        const [, region] = /region=(\w+)/.exec(filter) ?? [];
        const [, kind] = /kind=(\w+)/.exec(filter) ?? [];
        for (const record of page.results) {
          if (region)
            expect(
              Array.isArray(record.regions) && record.regions.includes(region),
              `${filter}: record ${record.id} declares ${JSON.stringify(record.regions)}`,
            );
          if (kind) expect(record.kind === kind, `${filter}: record ${record.id} is of kind ${record.kind}`);
        }
      }
    },
  },
  {
    name: 'q: every significant word must be present (two words match no more than either alone), accents are ignored',
    async run(ctx) {
      const sample = await ctx.shared<Page>('/facts?limit=50');
      const words = [
        ...new Set(sample.results.flatMap((r) => String(r.title).split(/[^\p{L}]+/u)).filter((w) => w.length >= 6)),
      ];
      expect(
        words.length >= 2,
        'fewer than two long words in the titles of the first 50 records: nothing to search for',
      );
      const [a, b] = [words[0]!, words[1]!];
      const total = async (q: string) => (await ctx.data<Page>(`/facts?q=${encodeURIComponent(q)}&limit=1`)).total;
      const [ta, tb, tab] = [await total(a), await total(b), await total(`${a} ${b}`)];
      expect(ta >= 1, `q=${a} (a word of a title) matches nothing`);
      expect(
        tab <= Math.min(ta, tb),
        `q="${a} ${b}" matches ${tab} records, more than "${a}" (${ta}) or "${b}" (${tb}): words are not all required`,
      );
      const accented = words.find((w) => w.normalize('NFD') !== w) ?? 'théorique';
      const plain = accented.normalize('NFD').replace(/\p{M}/gu, '');
      const [withAccents, without] = [await total(accented), await total(plain)];
      expect(
        withAccents === without,
        `q=${accented} matches ${withAccents} records but q=${plain} matches ${without}: accents are not ignored`,
      );
      return `"${a}" ${ta}, "${b}" ${tb}, both ${tab}; "${accented}" = "${plain}" = ${without}`;
    },
  },
  {
    name: 'GET /facts/{id} with an unknown id of the right pattern answers 404 with a JSON error',
    async run(ctx) {
      const id = `fait-${Array.from({ length: 16 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('')}`;
      expectErrorBody(await ctx.request(ctx.url(`/facts/${id}?po_live=1`)), 404, `GET /facts/${id}`);
    },
  },
  {
    name: 'GET /facts/{id} with an id off the pattern answers 400 with a JSON error',
    async run(ctx) {
      for (const id of ['FAIT-0123456789ABCDEF', 'fait-123'])
        expectErrorBody(await ctx.request(ctx.url(`/facts/${id}?po_live=1`)), 400, `GET /facts/${id}`);
    },
  },
];
