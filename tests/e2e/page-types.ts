/** One address per page type of the site, shared by the layout, screenshot and accessibility checks. */

/** One record page per kind, so that every kind's template and body headings are checked. */
export const RECORDS = {
  fact: 'fait-e895e5ca7dd9aa43',
  expertise: 'expertise-fait-ac18933ac41d78c3',
  organization: 'brand-a440e8e24d5b1bc7',
  offer: 'offer-eac50d71e5361c97',
  person: 'person-2dbce6902266542d',
  professional: 'professional-464b5a863653bfe9',
  article: 'page-5183e8c08ef10f69',
  lesson: 'page-ae3d20564f78d1f5',
  page: 'page-2a7c7dd8c6f48c3a',
  tool: 'page-cabf3535d85edb75',
};

/** A topic of the bundled content/topics.yaml. */
export const TOPIC = 'permis-etranger';

/** Every page type but the record pages: name → path. */
export const PAGE_TYPES: Record<string, string> = {
  home: '/',
  'record list': '/fiches/',
  'record list, later page': '/fiches/2/',
  'kind index': '/types/',
  'kind list': '/types/fact/',
  'region index': '/regions/',
  'region list': '/regions/wallonie/',
  'topic index': '/themes/',
  topic: `/themes/${TOPIC}/`,
  search: '/recherche/?q=permis',
  'API reference': '/api/',
  'reuse terms': '/reutilisation/',
  'recent changes': '/modifications/',
  'record with a change history': '/fiches/fait-fbd8c038f8e279f1/',
  'not found': '/cette-page-n-existe-pas/',
};

/** Every page type with one record page per kind. */
export const ALL_PAGES: Record<string, string> = {
  ...PAGE_TYPES,
  ...Object.fromEntries(Object.entries(RECORDS).map(([kind, id]) => [`${kind} record`, `/fiches/${id}/`])),
};

/** Phone, small tablet and desktop widths. */
export const WIDTHS = { narrowest: 320, phone: 390, tablet: 768, desktop: 1280 } as const;
