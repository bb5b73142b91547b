import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shownIds, sitePage } from '../../src/lib/search/assist/site-page.ts';
import type { SearchEngine } from '../../src/lib/search/query/search-engine.ts';
import { siteRanking } from '../../scripts/bench/relevance/site-runner.ts';
import { PAGE_SIZE } from '../../src/browser/search-state.ts';
import { builtEngine, readBuilt } from '../support/search.ts';
import { KINDS, REGIONS } from '../../src/lib/schema/vocabulary.ts';

// The search page's backend (src/browser/search-data.ts) fetches the site's files: here, the test build's.
beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    try {
      return new Response(await readBuilt(url.replace(/^\//, '')), { status: 200 });
    } catch {
      return new Response('not found', { status: 404 });
    }
  });
});
afterAll(() => vi.unstubAllGlobals());

// A cut last word (the site completes it), a word cut inside a filter, a query that finds something and blends in
// records lacking a word, a typo that finds nothing (a suggestion shown at once), and a query of complete words.
const QUESTIONS = [
  { q: 'permis de condu' },
  { q: 'examen théo' },
  { q: 'permis prov', region: 'bruxelles' as const },
  { q: 'durée validité permis' },
  { q: 'permis provisiore' },
  { q: 'permis moto' },
];

/** The search page's first page for q, submitted, without filters. */
const firstPage = (engine: SearchEngine, q: string) =>
  sitePage(engine, { q, kind: undefined, region: undefined, limit: PAGE_SIZE, offset: 0, exact: false });

describe('the relevance bench scores what the search page shows (assist/site-page.ts)', () => {
  it.each(QUESTIONS)('lists the same first page as the page itself for $q', async (question) => {
    const { prefetchSearchData } = await import('../../src/browser/search-data.ts');
    const backend = await prefetchSearchData();
    const page = await backend.run({
      q: question.q,
      kind: undefined,
      region: question.region,
      limit: PAGE_SIZE,
      offset: 0,
      exact: false,
    });
    const bench = await siteRanking(await builtEngine(), { q: question.q, kind: undefined, region: question.region });
    expect(shownIds(page).length).toBeGreaterThan(0);
    expect(bench.slice(0, shownIds(page).length)).toEqual(shownIds(page));
  });

  it('completes a cut last word on a submitted search, where the API rule finds nothing', async () => {
    const engine = await builtEngine();
    expect((await engine.search({ q: 'permis de condu', limit: 1, offset: 0 })).total).toBe(0);
    const completed = await engine.search({ q: 'permis de condu', limit: PAGE_SIZE, offset: 0, prefix: true });
    expect(completed.total).toBeGreaterThan(0);
    expect((await siteRanking(engine, { q: 'permis de condu' })).slice(0, completed.ids.length)).toEqual(completed.ids);
  });

  it('keeps a cut last word completed when nothing holds every word, rather than correct it or leave it out', async () => {
    const engine = await builtEngine();
    // Nothing holds « rouler » with a word that starts with « quadri »: the page lists records lacking one word, and
    // those lacking « rouler » hold the open word completed (« quatre », one edit away, was offered before).
    const q = 'faut-il un permis pour rouler en quadri';
    const page = await firstPage(engine, q);
    expect(page.total).toBe(0);
    expect(page.shown).toBeUndefined();
    const completed = await engine.search({ q: 'permis quadri', limit: PAGE_SIZE, offset: 0, prefix: true });
    const lackingRouler = page.blend!.filter((item) => item.missing?.includes('rouler'));
    expect(lackingRouler.length).toBeGreaterThan(0);
    for (const item of lackingRouler) {
      expect(completed.ids).toContain(item.card.id);
      expect(item.terms.some((term) => term.startsWith('quadri'))).toBe(true);
    }
    expect(page.suggestions.map((s) => s.q)).toContain('permis quadri');
    expect(page.suggestions.map((s) => s.q)).not.toContain('faut-il un permis pour rouler en quatre');
  });

  it('shows a query with a typo in each of its words corrected at once, never an empty page', async () => {
    const engine = await builtEngine();
    const page = await firstPage(engine, 'permsi de condiure');
    expect(page.shown).toMatchObject({ q: 'permis de conduire', confident: true });
    expect(shownIds(page)).toHaveLength(PAGE_SIZE);
  });

  it('corrects the typo of a question that says « je veux », never « veux » into « deux »', async () => {
    const engine = await builtEngine();
    const page = await firstPage(engine, 'je veux passer mon permsi moto');
    expect(page.shown).toMatchObject({ q: 'je veux passer mon permis moto', confident: true });
    expect(page.suggestions.map((s) => s.q).join(' / ')).not.toMatch(/\bdeux\b/);
  });

  it('names the words that no record holds, in the order typed, on a first page that lists nothing', async () => {
    const engine = await builtEngine();
    for (const word of ['daltonien', 'zzkqx'])
      expect((await engine.search({ q: word, limit: 0, offset: 0 })).total, word).toBe(0);
    const alone = await firstPage(engine, 'je suis daltonien');
    expect(shownIds(alone)).toEqual([]);
    expect(alone.unheld).toEqual(['daltonien']);
    expect((await firstPage(engine, 'zzkqx daltonien')).unheld).toEqual(['zzkqx', 'daltonien']);
    // ?exact=1 lists nothing for a typo, and names it beside the correction it offers.
    const exact = await sitePage(engine, {
      q: 'provisiore',
      kind: undefined,
      region: undefined,
      limit: PAGE_SIZE,
      offset: 0,
      exact: true,
    });
    expect(exact.suggestions.map((s) => s.q)).toContain('provisoire');
    expect(exact.unheld).toEqual(['provisiore']);
  });

  it('names no word when the page lists records, or when every word is held and only the filters exclude them', async () => {
    const engine = await builtEngine();
    const blended = await firstPage(engine, 'permis daltonien');
    expect(shownIds(blended).length).toBeGreaterThan(0);
    expect(blended.unheld).toEqual([]);
    // A held word under filters that no record of it has.
    const q = 'terugkommoment';
    let excluded: { kind: (typeof KINDS)[number]; region: (typeof REGIONS)[number] } | undefined;
    for (const kind of KINDS)
      for (const region of REGIONS)
        if (!excluded && (await engine.search({ q, kind, region, limit: 0, offset: 0 })).total === 0)
          excluded = { kind, region };
    expect(excluded).toBeDefined();
    const filtered = await sitePage(engine, { q, ...excluded!, limit: PAGE_SIZE, offset: 0, exact: false });
    expect(filtered.total).toBe(0);
    expect(filtered.unheld).toEqual([]);
  });

  it.each(['A', 'C', 'D', 'BE', 'CE', 'DE'])(
    'finds the licence category « permis %s » (a stop word in lowercase) first, in the API and on the page',
    async (code) => {
      const engine = await builtEngine();
      const q = `permis ${code}`;
      const api = await engine.search({ q, limit: PAGE_SIZE, offset: 0 });
      const everyPermis = await engine.search({ q: 'permis', limit: 0, offset: 0 });
      expect(api.total).toBeGreaterThan(0);
      expect(api.total).toBeLessThan(everyPermis.total);
      expect(api.cards[0]!.title).toMatch(new RegExp(`^Permis ${code} :`));
      expect((await siteRanking(engine, { q }))[0]).toBe(api.ids[0]);
    },
  );
});
