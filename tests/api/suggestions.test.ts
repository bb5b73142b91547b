import { describe, expect, it } from 'vitest';
import { get, testHandler } from '../support/api.ts';

const api = testHandler();
type Body = {
  results: { id: string }[];
  total: number;
  limit: number;
  offset: number;
  suggestions?: { q: string; total: number; missing?: string[] }[];
};
const facts = async (query: string) => {
  const response = await get(api, `/api/v1/facts?po_live=1&${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Body;
};

describe('GET /facts "did you mean" suggestions', () => {
  it('offers corrections from the index vocabulary when a query finds nothing, and leaves the page fields untouched', async () => {
    const body = await facts('q=provisiore');
    expect(Object.keys(body)).toEqual(['results', 'total', 'limit', 'offset', 'suggestions']);
    expect(body).toMatchObject({ results: [], total: 0, limit: 10, offset: 0 });
    expect(body.suggestions![0]!.q).toBe('provisoire');
    // Each suggestion's total is what searching it finds.
    for (const suggestion of body.suggestions!) {
      expect(suggestion.total).toBeGreaterThan(0);
      expect((await facts(`q=${encodeURIComponent(suggestion.q)}`)).total).toBe(suggestion.total);
    }
  });

  it('corrects only the unknown word and keeps the others as typed', async () => {
    const body = await facts(`q=${encodeURIComponent('permis provisiore')}`);
    expect(body.suggestions![0]!.q).toBe('permis provisoire');
  });

  it('completes a cut last word before correcting it: « permis de condu » suggests « permis de conduire » first', async () => {
    const body = await facts(`q=${encodeURIComponent('permis de condu')}`);
    expect(body.total).toBe(0);
    expect(body.suggestions![0]!.q).toBe('permis de conduire');
    expect((await facts(`q=${encodeURIComponent('permis de conduire')}`)).total).toBe(body.suggestions![0]!.total);
    // The API never completes on its own: the AND rule holds, the completion is only suggested.
    expect(body.results).toEqual([]);
  });

  it('never corrects a number into another: « permis 123 » suggests « permis » without 123, never « permis 120 »', async () => {
    const body = await facts(`q=${encodeURIComponent('permis 123')}`);
    expect(body.total).toBe(0);
    expect(body.suggestions).toEqual([{ q: 'permis', total: (await facts('q=permis')).total, missing: ['123'] }]);
    expect(Object.keys(await facts('q=123'))).toEqual(['results', 'total', 'limit', 'offset']);
  });

  it('never puts a U+FFFD in a suggestion: « th%EF%BF%BDorique » is one word with an unknown letter, corrected to « théorique »', async () => {
    const body = await facts('q=th%EF%BF%BDorique');
    expect(body.total).toBe(0);
    expect(body.suggestions![0]).toEqual({ q: 'théorique', total: (await facts('q=th%C3%A9orique')).total });
    for (const q of [
      'th%EF%BF%BDorique',
      '%EF%BF%BDorique',
      'permis%20%EF%BF%BDprovisiore',
      'examen%EF%BF%BD%20th%EF%BF%BDo',
    ])
      for (const suggestion of (await facts(`q=${q}`)).suggestions ?? [])
        expect(suggestion.q, q).not.toContain('\uFFFD');
  });

  it('counts suggestions with the same filters, and leaves out corrections that find nothing with them', async () => {
    const all = await facts('q=provisiore');
    const filtered = await facts('q=provisiore&kind=offer');
    for (const suggestion of filtered.suggestions ?? []) {
      expect(suggestion.total).toBe((await facts(`q=${encodeURIComponent(suggestion.q)}&kind=offer`)).total);
      expect(suggestion.total).toBeLessThanOrEqual(all.suggestions!.find((s) => s.q === suggestion.q)!.total);
    }
  });

  it('has no suggestions field when the query finds something, has no words, or has no close word', async () => {
    for (const query of ['q=provisoire', '', 'kind=offer', 'q=xqwzvkj']) {
      expect(Object.keys(await facts(query))).toEqual(['results', 'total', 'limit', 'offset']);
    }
  });

  it('when every word is known but no record holds them all, keeps the AND rule and suggests the query without the fewest words', async () => {
    const body = await facts(`q=${encodeURIComponent('tracteur zyrkel')}`);
    expect(body).toMatchObject({ results: [], total: 0 });
    for (const suggestion of body.suggestions!) {
      expect(suggestion.missing).toHaveLength(1);
      expect(['tracteur', 'zyrkel']).toEqual(expect.arrayContaining([suggestion.q, suggestion.missing![0]]));
      expect(suggestion.total).toBe((await facts(`q=${suggestion.q}`)).total);
    }
  });

  it('answers a question whose words are not all in the answer with the question less the missing words', async () => {
    const q = 'que risque-t-on en roulant avec un permis expiré';
    const body = await facts(`q=${encodeURIComponent(q)}`);
    expect(body.total).toBe(0);
    const [best] = body.suggestions!;
    expect(best!.missing).toEqual(['roulant']);
    expect((await facts(`q=${encodeURIComponent(best!.q)}`)).results.map((r) => r.id)).toContain(
      'fait-9568182f4c73388c',
    );
  });
});

describe('openapi.json and suggestions', () => {
  it('documents suggestions as an optional FactList field of {q, total} items, and a real answer fits the schema', async () => {
    const doc = (await (await get(api, '/api/v1/openapi.json')).json()) as {
      components: { schemas: Record<string, { required: string[]; properties: Record<string, any> }> };
    };
    const list = doc.components.schemas.FactList!;
    expect(list.required).toEqual(['results', 'total', 'limit', 'offset']);
    expect(list.properties.suggestions).toMatchObject({
      type: 'array',
      minItems: 1,
      maxItems: 3,
      items: { required: ['q', 'total'] },
    });
    expect(list.properties.suggestions.description).toContain('Did you mean');
    const { ListResponseSchema } = await import('../../src/lib/schema/responses.ts');
    expect(ListResponseSchema.safeParse(await facts('q=provisiore')).success).toBe(true);
  });
});
