/** Browser: the /recherche/ page. Same engine as the API, results rendered as text nodes only. */
import { KIND_LABELS, REGION_LABELS } from '../lib/presentation/labels-fr.ts';
import { KINDS, REGIONS } from '../lib/schema/kinds-regions.ts';
import { recordPagePath } from '../lib/paths.ts';
import { highlight, pageCount } from '../lib/search/index.ts';
import {
  prefetchSearchData,
  yieldToMain,
  type ResultCard,
  type ResultPage,
  type SearchBackend,
} from './search-data.ts';
import { isActive, PAGE_SIZE, readState, writeState, type SearchState } from './search-state.ts';

// The message for browsers without JavaScript is plain content that only a running script can remove.
document.querySelector('[data-no-js]')?.remove();
const form = document.querySelector<HTMLFormElement>('[data-search-page]')!;
const input = form.querySelector<HTMLInputElement>('input[name=q]')!;
const status = document.querySelector<HTMLElement>('[data-search-status]')!;
const results = document.querySelector<HTMLOListElement>('[data-search-results]')!;
const pager = document.querySelector<HTMLElement>('[data-search-pager]')!;
const heading = document.querySelector<HTMLElement>('[data-results-heading]')!;
const suggestionBox = document.querySelector<HTMLElement>('[data-search-suggestions]')!;
const partlyBox = document.querySelector<HTMLElement>('[data-search-partly]')!;
const partlyResults = document.querySelector<HTMLOListElement>('[data-partly-results]')!;
const filters = document.querySelector<HTMLDetailsElement>('[data-search-filters]')!;
const filtersSummary = document.querySelector<HTMLElement>('[data-filters-summary]')!;
let state: SearchState = readState(location.search).state;
// Filters are folded on a phone, so that the first results are on the first screen; open on wider screens.
if (matchMedia('(min-width: 48em)').matches) filters.open = true;
delete filters.dataset.beforeScript;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function marked(text: string, terms: string[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const piece of highlight(text, terms))
    fragment.append(piece.match ? element('mark', piece.text) : document.createTextNode(piece.text));
  return fragment;
}

function syncControls(): void {
  input.value = state.q;
  for (const radio of form.querySelectorAll<HTMLInputElement>('input[type=radio]')) {
    radio.checked = radio.value === ((radio.name === 'kind' ? state.kind : state.region) ?? '');
  }
}

/**
 * A result card. A record that lacks some of the words (`missing`, blended in by blend.ts) says so in words, « Sans :
 * durée », which is also its link's accessible description (not a colour alone).
 */
function card(result: ResultCard, terms: string[], missing?: readonly string[]): HTMLLIElement {
  const item = element('li');
  item.dataset.id = result.id;
  const h3 = element('h3');
  const link = element('a');
  link.href = recordPagePath(result.id);
  link.append(marked(result.title, terms));
  h3.append(link);
  const meta = element('div', undefined, 'meta');
  meta.append(
    element('span', KIND_LABELS[result.kind].one),
    element('span', result.regions.map((r) => REGION_LABELS[r]).join(', ')),
  );
  if (missing?.length) {
    const label = element('span', `Sans${NBSP}: ${missing.join(', ')}`, 'missing');
    label.id = `sans-${result.id}`;
    link.setAttribute('aria-describedby', label.id);
    item.dataset.missing = missing.join(' ');
    meta.append(label);
  }
  const p = element('p');
  p.append(marked(result.excerpt, terms));
  item.append(h3, meta, p);
  return item;
}

/** A link to another search with the same filters, followed in place. */
function searchLink(text: string, next: SearchState): HTMLAnchorElement {
  const link = element('a', text);
  link.href = `${location.pathname}${writeState(next)}`;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    go(next, true);
    syncControls();
    input.focus();
  });
  return link;
}

/**
 * French typography in the text the page writes: a no-break space (U+00A0) before « : » and « ? » and inside
 * « guillemets », so that no line starts with the sign or a closing guillemet (docs/site.md). Never in record text.
 */
const NBSP = '\u00a0';
/** A text in French quotation marks, held to them by no-break spaces. */
const quote = (text: string) => `«${NBSP}${text}${NBSP}»`;

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/**
 * The correction, first on the page: when the query found nothing and a sure correction is shown instead,
 * « Résultats pour … » and a link to the exact words; when the exact words were asked for, "Vouliez-vous dire …".
 */
function showSuggestions(page: Pick<ResultPage, 'suggestions' | 'shown' | 'grown'>): void {
  suggestionBox.replaceChildren();
  const { suggestions, shown, grown } = page;
  suggestionBox.hidden = suggestions.length === 0 && grown === undefined;
  if (grown !== undefined) {
    // The last word was completed because the query found nothing with it as typed (site-page.ts): say so, as for a
    // suggestion shown instead, and link to the exact words.
    suggestionBox.append(
      `Résultats avec un mot qui commence par «${NBSP}`,
      element('strong', grown),
      `${NBSP}». `,
      searchLink(`Rechercher exactement ${quote(state.q.trim())}`, { ...state, page: 1, exact: true }),
    );
    return;
  }
  if (suggestions.length === 0) return;
  if (shown) {
    suggestionBox.append(`Résultats pour «${NBSP}`, element('strong', shown.q), `${NBSP}»`);
    suggestionBox.append(
      '. ',
      searchLink(`Rechercher exactement ${quote(state.q.trim())}`, { ...state, page: 1, exact: true }),
    );
    const others = suggestions.filter((s) => s !== shown);
    if (others.length) suggestionBox.append(` · Autres suggestions${NBSP}: `);
    others.forEach((other, i) =>
      suggestionBox.append(
        i > 0 ? ', ' : '',
        searchLink(other.q, { ...state, q: other.q, page: 1, exact: false }),
        ` (${plural(other.total, 'fiche')}${other.missing?.length ? `, sans${NBSP}: ${other.missing.join(', ')}` : ''})`,
      ),
    );
    return;
  }
  // Offered, never applied: a correction that is not sure (suggest.ts), or any suggestion once the exact words were asked for.
  suggestionBox.append(state.exact ? 'Vouliez-vous dire ' : 'Essayez ');
  suggestions.forEach((suggestion, i) => {
    if (i > 0) suggestionBox.append(i === suggestions.length - 1 ? ' ou ' : ', ');
    suggestionBox.append(
      searchLink(suggestion.q, { ...state, q: suggestion.q, page: 1, exact: false }),
      ` (${plural(suggestion.total, 'fiche')}${suggestion.missing?.length ? `, sans${NBSP}: ${suggestion.missing.join(', ')}` : ''})`,
    );
  });
  suggestionBox.append(state.exact ? `${NBSP}?` : '.');
}

/** Filter counts; a filter with no match is hidden unless it is the one chosen. */
function showCounts(page: ResultPage): void {
  const count = (selector: string, n: number) => {
    const span = form.querySelector<HTMLElement>(selector)!;
    span.textContent = `(${n})`;
    const label = span.closest('label')!;
    label.hidden = n === 0 && !label.querySelector('input')!.checked;
  };
  for (const kind of KINDS) count(`[data-count-kind="${kind}"]`, page.facets.kinds[kind]);
  for (const region of REGIONS) count(`[data-count-region="${region}"]`, page.facets.regions[region]);
  count('[data-count-kind=""]', page.facets.allKinds);
  count('[data-count-region=""]', page.facets.allRegions);
  const chosen = [state.kind && KIND_LABELS[state.kind].many, state.region && REGION_LABELS[state.region]].filter(
    Boolean,
  );
  filtersSummary.textContent = chosen.length ? `(${chosen.join(', ')})` : '';
}

/** Words in French quotation marks, joined by `joiner`. */
const quoted = (words: readonly string[], joiner = ', ') => words.map(quote).join(joiner);

/** The way on from a page that lists nothing: the topics, kinds and regions, which together list every record. */
function browseOn(): (string | HTMLAnchorElement)[] {
  const link = (text: string, href: string) => Object.assign(element('a', text), { href });
  return [
    ' Essayez d’autres mots, ou parcourez les fiches ',
    link('par thème', '/themes/'),
    ', ',
    link('par type', '/types/'),
    ' ou ',
    link('par région', '/regions/'),
    '.',
  ];
}

/** What the status adds for the records holding some of the words (`after` other results): empty without them. */
const partlyStatus = (partly: ResultPage['partly'], after: boolean) =>
  partly ? ` ${after ? 'Ensuite, ' : ''}${plural(partly.cards.length, 'fiche')} avec une partie des mots.` : '';

/** Below everything else on a short first page: records holding some of the words (partial-fill.ts). */
function showPartly(partly: ResultPage['partly']): void {
  partlyBox.hidden = partly === undefined;
  partlyResults.replaceChildren(...(partly?.cards.map((result) => card(result, partly.terms)) ?? []));
}

let latest = 0;

async function render(backend: SearchBackend): Promise<void> {
  const q = state.q.trim() ? state.q : undefined;
  const generation = ++latest;
  const page = await backend.run({
    q,
    kind: state.kind,
    region: state.region,
    limit: PAGE_SIZE,
    offset: (state.page - 1) * PAGE_SIZE,
    exact: state.exact,
  });
  // Searching and drawing in separate tasks; the whole answer is then drawn at once, in one frame.
  await yieldToMain();
  // Typing fast starts several searches; only the newest may draw.
  if (generation !== latest) return;
  showCounts(page);
  // After a first page that blends in records lacking a word, the later pages start after its exact matches (blend.ts).
  const pages =
    page.exactShown === undefined
      ? Math.max(1, Math.ceil(page.total / PAGE_SIZE))
      : pageCount(page.total, page.exactShown, PAGE_SIZE);
  // A page past the last (an old link, an edited address) shows the last page, and the address says which.
  if (state.page > pages) {
    go({ ...state, page: pages }, false);
    return;
  }
  const found = `${plural(page.total, 'fiche')} trouvée${page.total > 1 ? 's' : ''}${pages > 1 ? ` · page ${state.page} sur ${pages}` : ''}`;
  const partial = page.blend?.filter((item) => item.missing) ?? [];
  const completed = page.blend?.filter((item) => item.completed).length ?? 0;
  const last = state.q.trim().split(/\s+/).at(-1) ?? '';
  const completions = completed
    ? ` Parmi les résultats, ${plural(completed, 'fiche')} avec un mot qui commence par ${quote(last)}.`
    : '';
  const lacking = [...new Set(partial.flatMap((item) => item.missing!))];
  // The live region says what is shown, the suggested query and the records lacking a word included.
  // Under a suggestion shown instead, the status first says that q itself found nothing and what is shown: a phone
  // hides that part from sight (the correction above says it), never from a screen reader, so that the first results
  // stay on its first screen.
  const instead = page.shown
    ? `Résultats pour ${quote(page.shown.q)}`
    : page.grown !== undefined
      ? `Résultats avec un mot qui commence par ${quote(page.grown)}`
      : undefined;
  const echo =
    page.total > 0 && instead
      ? element('span', `Aucune fiche pour ${quote(state.q.trim())}. ${instead}${NBSP}: `, 'status-echo')
      : '';
  // Words that no record holds are named, since « tous ces mots » would blame the filters or the other words.
  const noneHold = page.unheld.length
    ? `Aucune fiche ne contient ${quoted(page.unheld, ' ni ')}`
    : `Aucune fiche ne contient tous ces mots${state.kind || state.region ? ' avec ces filtres' : ''}`;
  status.replaceChildren(
    echo,
    page.total === 0
      ? `${noneHold}.${completions}${partial.length ? ` ${plural(partial.length, 'fiche')} sans ${lacking.length > 1 ? 'l’un des mots ' : ''}${quoted(lacking)}, ${partial.length > 1 ? 'marquées' : 'marquée'} ${quote(`Sans${NBSP}: …`)}.` : ''}${partlyStatus(page.partly, partial.length > 0)}`
      : `${found}.${completions}${partial.length ? ` Parmi les résultats, ${plural(partial.length, 'fiche')} sans ${lacking.length > 1 ? 'l’un des mots ' : ''}${quoted(lacking)}, ${partial.length > 1 ? 'marquées' : 'marquée'} ${quote(`Sans${NBSP}: …`)}.` : ''}${partlyStatus(page.partly, true)}`,
    // A page that lists nothing and offers nothing still shows a way on: the lists that hold every record.
    ...(page.total === 0 && !page.blend?.length && !page.partly && page.suggestions.length === 0 ? browseOn() : []),
  );
  showSuggestions(page);
  results.replaceChildren(
    ...(page.blend
      ? page.blend.map((item) => card(item.card, item.terms, item.missing))
      : page.cards.map((result) => card(result, page.terms))),
  );
  showPartly(page.partly);
  pager.replaceChildren();
  if (pages > 1) {
    const turn = (label: string, page: number) => {
      const button = element('button', label, 'secondary');
      button.type = 'button';
      button.disabled = page < 1 || page > pages;
      button.addEventListener('click', () => go({ ...state, page }, true, true));
      return button;
    };
    pager.append(
      turn('Page précédente', state.page - 1),
      element('span', `Page ${state.page} sur ${pages}`),
      turn('Page suivante', state.page + 1),
    );
  }
}

async function show(focusResults = false): Promise<void> {
  if (!isActive(state)) {
    status.textContent = 'Tapez des mots ou choisissez un type ou une région.';
    results.replaceChildren();
    pager.replaceChildren();
    showSuggestions({ suggestions: [], shown: undefined, grown: undefined });
    showPartly(undefined);
    if (!document.documentElement.dataset.searchLoaded) return;
  }
  try {
    const backend = await prefetchSearchData();
    document.documentElement.dataset.searchLoaded = 'true';
    await render(backend);
    if (focusResults) heading.focus();
  } catch {
    status.textContent =
      "L'index de recherche n'a pas pu être chargé. Réessayez, ou parcourez les fiches par type ou par région.";
  }
}

function go(next: SearchState, push: boolean, focusResults = false): void {
  state = next;
  const url = `${location.pathname}${writeState(state)}`;
  if (push) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
  void show(focusResults);
}

let typing: ReturnType<typeof setTimeout> | undefined;
input.addEventListener('focus', () => void prefetchSearchData(), { once: true });
input.addEventListener('input', () => {
  clearTimeout(typing);
  // Search as you type, with the same page as the address it writes (a cut last word is completed: prefix.ts).
  typing = setTimeout(() => go({ ...state, q: input.value, page: 1, exact: false }, false), 200);
});
form.addEventListener('submit', (event) => {
  event.preventDefault();
  clearTimeout(typing);
  go({ ...state, q: input.value, page: 1, exact: false }, true);
});
form.addEventListener('change', (event) => {
  const radio = event.target as HTMLInputElement;
  if (radio.type !== 'radio') return;
  go({ ...state, [radio.name]: radio.value || undefined, page: 1 }, true);
});
addEventListener('popstate', () => {
  state = readState(location.search).state;
  syncControls();
  void show();
});

const { ignored } = readState(location.search);
syncControls();
void show().then(() => {
  if (ignored.length) status.textContent = `Filtre inconnu ignoré${NBSP}: ${ignored.join(', ')}. ${status.textContent}`;
});
