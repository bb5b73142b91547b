/** Breadcrumb trails of the site's pages, and their schema.org BreadcrumbList for the JSON-LD. */

import type { Kind, Region } from '../schema/vocabulary.ts';
import { KIND_LABELS, REGION_LABELS } from '../presentation/labels-fr.ts';
import { recordPagePath } from '../paths.ts';

/** One step of a trail: its name and the page's path (the last step is the current page). */
export interface Crumb {
  name: string;
  path: string;
}

/** The trail's first step. */
export const HOME_CRUMB: Crumb = { name: 'Accueil', path: '/' };

/** Trails of the site's page types; a list's later pages add a step of their own (list-page.astro). */
export const TRAILS = {
  kinds: (): Crumb[] => [HOME_CRUMB, { name: 'Fiches par type', path: '/types/' }],
  kind: (kind: Kind): Crumb[] => [...TRAILS.kinds(), { name: KIND_LABELS[kind].many, path: `/types/${kind}/` }],
  regions: (): Crumb[] => [HOME_CRUMB, { name: 'Fiches par région', path: '/regions/' }],
  region: (region: Region): Crumb[] => [
    ...TRAILS.regions(),
    { name: REGION_LABELS[region], path: `/regions/${region}/` },
  ],
  allRecords: (): Crumb[] => [HOME_CRUMB, { name: 'Toutes les fiches', path: '/fiches/' }],
  changes: (): Crumb[] => [HOME_CRUMB, { name: 'Dernières modifications', path: '/modifications/' }],
  topics: (): Crumb[] => [HOME_CRUMB, { name: 'Thèmes', path: '/themes/' }],
  topic: (topic: { slug: string; title: string }): Crumb[] => [
    ...TRAILS.topics(),
    { name: topic.title, path: `/themes/${topic.slug}/` },
  ],
  record: (fact: { id: string; kind: Kind; title: string }): Crumb[] => [
    ...TRAILS.kind(fact.kind),
    { name: fact.title, path: recordPagePath(fact.id) },
  ],
};

/** The position of one page of a paginated list (Astro's `Page`, as far as a trail and a heading need it). */
export interface ListPagePosition {
  currentPage: number;
  lastPage: number;
  url: { current: string };
}

/** A list's heading: the title, with « (page N sur M) » when the list has several pages. */
export function listPageHeading(title: string, page: ListPagePosition): string {
  return page.lastPage > 1 ? `${title} (page ${page.currentPage} sur ${page.lastPage})` : title;
}

/** A list's trail: the list's own, plus a step « Page N » on its later pages. */
export function listPageTrail(trail: Crumb[], page: ListPagePosition): Crumb[] {
  if (page.currentPage <= 1) return trail;
  const path = page.url.current.endsWith('/') ? page.url.current : `${page.url.current}/`;
  return [...trail, { name: `Page ${page.currentPage}`, path }];
}

/** The `@id` of a page's BreadcrumbList node. */
export function breadcrumbId(siteUrl: string, path: string): string {
  return `${siteUrl}${path}#fil-ariane`;
}

/** schema.org BreadcrumbList of `trail` (Home first, the current page last), with absolute URLs. */
export function breadcrumbJsonLd(trail: readonly Crumb[], siteUrl: string): Record<string, unknown> {
  const current = trail.at(-1)!;
  return {
    '@type': 'BreadcrumbList',
    '@id': breadcrumbId(siteUrl, current.path),
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: `${siteUrl}${crumb.path}`,
    })),
  };
}

/** The JSON-LD document of a page that is a list (of records or topics): a CollectionPage and its breadcrumb. */
export function collectionPageJsonLd(
  trail: readonly Crumb[],
  siteUrl: string,
  description: string,
): Record<string, unknown> {
  const current = trail.at(-1)!;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'CollectionPage',
        '@id': `${siteUrl}${current.path}`,
        url: `${siteUrl}${current.path}`,
        name: current.name,
        description,
        inLanguage: 'fr-BE',
        isPartOf: { '@type': 'WebSite', '@id': `${siteUrl}/`, name: 'permis-facts', url: `${siteUrl}/` },
        breadcrumb: { '@id': breadcrumbId(siteUrl, current.path) },
      },
      breadcrumbJsonLd(trail, siteUrl),
    ],
  };
}
