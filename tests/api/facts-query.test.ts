import { describe, expect, it } from 'vitest';
import { allIds, expectError, get, testHandler } from '../support/api.ts';

const api = testHandler();
type List = {
  results: { id: string; kind: string; regions: string[]; title: string }[];
  total: number;
  limit: number;
  offset: number;
};
const list = async (query: string) => {
  const response = await get(api, `/api/v1/facts?po_live=1${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as List;
};

describe('GET /facts derivations', () => {
  it('counts a derivation of a word as the word: « annuler » and « annulation » find the same records, some holding only one of them', async () => {
    const ids = async (q: string) => {
      const body = await list(`&q=${encodeURIComponent(q)}&limit=50`);
      expect(body.total).toBeLessThanOrEqual(50);
      return body.results.map((r) => r.id).sort();
    };
    const verb = await ids('annuler');
    expect(verb.length).toBeGreaterThan(0);
    expect(await ids('annulation')).toEqual(verb);
    const texts = await Promise.all(
      verb.map(async (id) => JSON.stringify(await (await get(api, `/api/v1/facts/${id}`)).json()).toLowerCase()),
    );
    expect(texts.some((text) => !text.includes('annulation'))).toBe(true);
    expect(texts.some((text) => !/annul(er|é|e\b)/.test(text))).toBe(true);
  });
});

describe('GET /facts licence categories', () => {
  it('needs a category written in capitals (« permis BE »), and drops it as a stop word in lowercase (« permis be » is « permis »)', async () => {
    const capitals = await list(`&q=${encodeURIComponent('permis BE')}`);
    const permis = await list('&q=permis&limit=1');
    expect(capitals.total).toBeGreaterThan(0);
    expect(capitals.total).toBeLessThan(permis.total);
    expect(capitals.results[0]!.title).toMatch(/^Permis BE :/);
    expect((await list(`&q=${encodeURIComponent('permis be')}&limit=1`)).total).toBe(permis.total);
  });

  it('says so in the OpenAPI description of q', async () => {
    const openapi = JSON.stringify(await (await get(api, '/api/v1/openapi.json')).json());
    expect(openapi).toContain('except a licence category written in capitals (A, C, D, BE, CE, DE: permis BE)');
  });
});

describe('GET /facts parameters', () => {
  it('lists records with the defaults limit 10 and offset 0, and all four fields', async () => {
    const body = await list('');
    expect(Object.keys(body)).toEqual(['results', 'total', 'limit', 'offset']);
    expect(body).toMatchObject({ limit: 10, offset: 0, total: (await allIds()).length });
    expect(body.results.map((r) => r.id)).toEqual((await allIds()).slice(0, 10));
  });

  it.each([
    ['limit', 'abc', 'limit must be an integer from 1 to 50, got "abc"'],
    ['limit', '0', 'limit must be an integer from 1 to 50, got "0"'],
    ['limit', '51', 'limit must be an integer from 1 to 50, got "51"'],
    ['limit', '', 'limit must be an integer from 1 to 50, got ""'],
    ['limit', '1.0', 'limit must be an integer from 1 to 50, got "1.0"'],
    ['limit', '1e1', 'limit must be an integer from 1 to 50, got "1e1"'],
    ['limit', '+5', 'limit must be an integer from 1 to 50, got "+5"'],
    ['limit', ' 5', 'limit must be an integer from 1 to 50, got " 5"'],
    ['offset', '-1', 'offset must be an integer from 0 to 10000, got "-1"'],
    ['offset', '10001', 'offset must be an integer from 0 to 10000, got "10001"'],
    ['offset', '99999999999999999999', 'offset must be an integer from 0 to 10000, got "99999999999999999999"'],
    ['region', 'Wallonie', 'region must be one of wallonie, bruxelles, flandre, belgique, got "Wallonie"'],
    ['region', '', 'region must be one of wallonie, bruxelles, flandre, belgique, got ""'],
    [
      'kind',
      'facts',
      'kind must be one of fact, expertise, organization, offer, person, professional, article, lesson, page, tool, got "facts"',
    ],
  ])('answers 400 for %s=%j', async (name, value, message) => {
    const response = await get(api, `/api/v1/facts?po_live=1&${name}=${encodeURIComponent(value)}`);
    expect(await expectError(response, 400, 'invalid_parameter')).toBe(message);
  });

  it('accepts the bounds of limit and offset', async () => {
    expect((await list('&limit=1')).results).toHaveLength(1);
    expect((await list('&limit=50')).limit).toBe(50);
    expect(await list('&offset=10000')).toMatchObject({ offset: 10000, results: [] });
  });

  it('answers 400 for a repeated parameter and names it', async () => {
    expect(
      await expectError(await get(api, '/api/v1/facts?po_live=1&kind=fact&kind=lesson'), 400, 'repeated_parameter'),
    ).toBe('parameter "kind" is given 2 times; give it once');
  });

  it('answers 400 for an unknown parameter and lists the accepted ones', async () => {
    expect(await expectError(await get(api, '/api/v1/facts?po_live=1&page=2'), 400, 'unknown_parameter')).toBe(
      'unknown parameter "page": /facts accepts q, region, kind, limit, offset, po_live',
    );
  });

  it('counts q in characters, not bytes', async () => {
    expect((await get(api, `/api/v1/facts?po_live=1&q=${encodeURIComponent('é'.repeat(300))}`)).status).toBe(200);
    expect((await get(api, `/api/v1/facts?po_live=1&q=${encodeURIComponent('🚗'.repeat(300))}`)).status).toBe(200);
    const message = await expectError(
      await get(api, `/api/v1/facts?po_live=1&q=${'a'.repeat(301)}`),
      400,
      'invalid_parameter',
    );
    expect(message).toBe('q must be at most 300 characters, got 301');
  });

  it('filters by kind and by region, with a total that counts every match', async () => {
    const facts = await list('&kind=fact&limit=50');
    expect(facts.results.every((r) => r.kind === 'fact')).toBe(true);
    const wallonie = await list('&region=wallonie&limit=50');
    expect(wallonie.total).toBeGreaterThan(0);
    expect(wallonie.results.every((r) => r.regions.includes('wallonie'))).toBe(true);
    const both = await list('&region=wallonie&kind=offer&limit=50');
    expect(both.results.every((r) => r.kind === 'offer' && r.regions.includes('wallonie'))).toBe(true);
    expect(both.total).toBeLessThanOrEqual(wallonie.total);
  });

  it('selects national records with region=belgique', async () => {
    const national = await list('&region=belgique&limit=50');
    expect(national.total).toBeGreaterThan(0);
    expect(national.results.every((r) => r.regions.includes('belgique'))).toBe(true);
  });

  it('requires every significant word (AND), ignoring case, accents and elisions', async () => {
    const one = await list('&q=quorvex&limit=50');
    const two = await list('&q=quorvex%20zyrkel&limit=50');
    expect(one.total).toBeGreaterThan(two.total);
    expect(two.total).toBeGreaterThan(0);
    expect(await list('&q=QUÔRVÉX%20ZYRKEL&limit=50')).toEqual(two);
    expect(await list(`&q=${encodeURIComponent("l'Étude zyrkel")}`)).toEqual(await list('&q=etude%20zyrkel'));
    expect((await list('&q=quorvex%20inexistantissime')).total).toBe(0);
  });

  it('lists records as without q when q has no significant word', async () => {
    expect(await list('&q=%20le%20la%20de%20')).toEqual(await list(''));
    expect(await list('&q=')).toEqual(await list(''));
  });
});
