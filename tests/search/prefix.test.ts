import { describe, expect, it } from 'vitest';
import { buildCorpus } from '../../src/lib/records/build-corpus.ts';
import { engineFor } from '../support/search.ts';
import { PREFIX_MIN_LETTERS, typedPrefix } from '../../src/lib/search/query/prefix.ts';

const facts = buildCorpus(
  [
    ['fait-00000000000000e1', 'Permis provisoire', 'Conduire avec un permis provisoire.'],
    ['fait-00000000000000e2', 'Permis définitif', 'Après la réussite, le permis.'],
    ['fait-00000000000000e3', 'Provinces', 'Les provinces et la route.'],
  ].map(([id, title, body]) => ({
    file: `${id}.md`,
    frontmatter: { id, kind: 'fact', title, regions: ['belgique'], sources: [] },
    body: body!,
  })),
  'https://x.example',
);

describe('search as you type', () => {
  it('completes the last word only when the query ends with it and it has enough letters', () => {
    expect(typedPrefix('permis prov')).toEqual({ folded: 'prov', term: 'prov' });
    expect(typedPrefix('permis prov ')).toBeNull();
    expect(typedPrefix('permis le')).toBeNull(); // a stop word
    expect(typedPrefix('p'.repeat(PREFIX_MIN_LETTERS - 1))).toBeNull();
  });

  it('with `prefix`, matches the last word as a prefix and keeps the other words required; never without it (the API)', async () => {
    const engine = await engineFor(facts);
    const ids = async (q: string, prefix: boolean) => (await engine.search({ q, limit: 10, offset: 0, prefix })).ids;
    expect(await ids('permis prov', true)).toEqual(['fait-00000000000000e1']);
    expect(await ids('prov', true)).toEqual(expect.arrayContaining(['fait-00000000000000e1', 'fait-00000000000000e3']));
    expect(await ids('permis prov', false)).toEqual([]);
    // A complete word is itself first.
    expect((await ids('permis', true))[0]).toMatch(/^fait-00000000000000e[12]$/);
  });

  it('calls the last word open (the site completes it on every path) unless it is a complete word of the index', async () => {
    const engine = await engineFor(facts);
    expect(await engine.openLastWord('permis prov')).toBe(true);
    expect(await engine.openLastWord('permis provisoire')).toBe(false);
    expect(await engine.openLastWord('Provinces')).toBe(false);
    expect(await engine.openLastWord('permis prov ')).toBe(false);
    // Nothing longer starts with it: searched as typed (then corrected or left out if no record holds it).
    expect(await engine.openLastWord('zz')).toBe(false);
  });
});
