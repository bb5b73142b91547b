import { describe, expect, it } from 'vitest';
import { allIds, get, testHandler } from '../support/api.ts';

const api = testHandler();
type List = { results: { id: string }[]; total: number };

/** Walks a result set as the spec says: advance by the results read, stop at total or an empty page, dedup by id. */
async function walk(query: string, limit: number): Promise<{ ids: string[]; seen: number; total: number }> {
  const ids = new Set<string>();
  let offset = 0;
  let seen = 0;
  let total = Infinity;
  while (offset < total) {
    const response = await get(api, `/api/v1/facts?po_live=1&limit=${limit}&offset=${offset}${query}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as List;
    total = page.total;
    if (page.results.length === 0) break;
    for (const r of page.results) ids.add(r.id);
    seen += page.results.length;
    offset += page.results.length;
  }
  return { ids: [...ids], seen, total };
}

describe('pagination walk', () => {
  it('returns every record of the corpus exactly once, and each can be fetched by id', async () => {
    const expected = await allIds();
    const { ids, seen, total } = await walk('', 50);
    expect(total).toBe(expected.length);
    expect(seen).toBe(expected.length);
    expect(ids).toEqual(expected);
    for (const id of ids) {
      const response = await get(api, `/api/v1/facts/${id}?po_live=1`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { id: string }).id).toBe(id);
    }
  });

  it('returns each match of a search exactly once, whatever the page size (also with translated Dutch words)', async () => {
    for (const q of ['permis', 'voorlopig%20rijbewijs']) {
      const reference = await walk(`&q=${q}`, 50);
      expect(reference.total, q).toBeGreaterThan(0);
      expect(new Set(reference.ids).size, q).toBe(reference.total);
      for (const limit of [1, 7, 13]) {
        const { ids, seen } = await walk(`&q=${q}`, limit);
        expect(seen, q).toBe(reference.total);
        expect(ids, q).toEqual(reference.ids);
      }
    }
  });

  it('gives the same page for the same question every time', async () => {
    const a = await (await get(api, '/api/v1/facts?po_live=1&q=permis&limit=5&offset=1')).text();
    const b = await (await get(testHandler(), '/api/v1/facts?po_live=1&q=permis&limit=5&offset=1')).text();
    expect(a).toBe(b);
  });
});
