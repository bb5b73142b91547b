/**
 * JSON-LD (schema.org) for a record page: a WebPage node carrying the page's dates, sources, license and
 * attribution, and the record's own entity, typed by kind (Article, Course, Organization, Offer, Person...).
 */
import type { Fact } from '../schema/fact.ts';
import type { Kind } from '../schema/vocabulary.ts';
import { DEMO_NOTICE_FR } from './catalogue.ts';
import { KIND_LABELS, REGION_LABELS, VALUE_LABELS } from '../presentation/labels-fr.ts';
import { summarize } from '../records/summarize.ts';
import { breadcrumbId, breadcrumbJsonLd, TRAILS } from './breadcrumbs.ts';
import { datasetJsonLd, type BuiltDownloads } from './downloads.ts';

type Node = Record<string, unknown>;

/** schema.org type of each kind's entity (organizations may be refined by their organization_type). */
export const SCHEMA_ORG_TYPE: Record<Kind, string> = {
  fact: 'Article',
  expertise: 'Article',
  organization: 'Organization',
  offer: 'Offer',
  person: 'Person',
  professional: 'Person',
  article: 'Article',
  lesson: 'Course',
  page: 'WebPage',
  tool: 'HowTo',
};
const ORGANIZATION_TYPE: Record<string, string> = {
  'public-body': 'GovernmentOrganization',
  'driving-school': 'DrivingSchool',
};
/** Kinds whose entity is a CreativeWork, which carries dates, sources and license itself. */
const CREATIVE_WORK = new Set<Kind>(['fact', 'expertise', 'article', 'lesson', 'page', 'tool']);

/** Where the reuse terms (the license) and the publisher live on a site. */
export function siteIds(siteUrl: string) {
  return { site: `${siteUrl}/`, publisher: `${siteUrl}/#publisher`, license: `${siteUrl}/reutilisation/` };
}

/** The JSON-LD document of a record's page, with its breadcrumb (kind list, then the record). */
export function recordJsonLd(fact: Fact, siteUrl: string): Node {
  const ids = siteIds(siteUrl);
  const entityId = `${fact.url}#record`;
  const recordPath = TRAILS.record(fact).at(-1)!.path;
  const publisher = { '@id': ids.publisher };
  const places = fact.regions.map((r) => ({
    '@type': r === 'belgique' ? 'Country' : 'AdministrativeArea',
    name: REGION_LABELS[r],
  }));
  const fictional = [fact.organization_data, fact.person_data, fact.offer_data, fact.professional_data].some(
    (d) => d?.fictional,
  );
  const reuse = {
    license: ids.license,
    creditText: `permis-facts, « ${fact.title} », ${fact.url}`,
    copyrightHolder: publisher,
    isBasedOn: fact.sources.map((s) => ({ '@type': 'CreativeWork', name: s.label, url: s.url })),
  };
  const dates = { ...(fact.modified_at ? { dateModified: fact.modified_at } : {}) };

  const page: Node = {
    '@type': 'WebPage',
    '@id': fact.url,
    url: fact.url,
    name: fact.title,
    description: summarize(fact.text),
    inLanguage: 'fr-BE',
    isPartOf: { '@type': 'WebSite', '@id': ids.site, name: 'permis-facts', url: ids.site },
    mainEntity: { '@id': entityId },
    breadcrumb: { '@id': breadcrumbId(siteUrl, recordPath) },
    publisher,
    ...dates,
    ...(fact.verified_at ? { lastReviewed: fact.verified_at } : {}),
    ...reuse,
    isAccessibleForFree: true,
    ...(fact.related?.length ? { relatedLink: fact.related.map((r) => r.url).filter(Boolean) } : {}),
  };

  const common: Node = {
    '@id': entityId,
    name: fact.title,
    description: summarize(fact.text),
    url: fact.url,
    ...(fictional ? { disambiguatingDescription: `Exemple fictif. ${DEMO_NOTICE_FR}` } : {}),
  };
  const entity: Node = CREATIVE_WORK.has(fact.kind)
    ? {
        '@type': SCHEMA_ORG_TYPE[fact.kind],
        ...common,
        headline: fact.title.slice(0, 110),
        mainEntityOfPage: fact.url,
        inLanguage: 'fr-BE',
        genre: KIND_LABELS[fact.kind].one,
        author: publisher,
        publisher,
        ...(fact.kind === 'lesson' ? { provider: publisher } : {}),
        ...dates,
        ...(fact.effective_from ? { temporalCoverage: `${fact.effective_from}/..` } : {}),
        spatialCoverage: places,
        ...reuse,
        ...(fact.bibliography?.length ? { citation: fact.bibliography } : {}),
      }
    : { ...dataEntity(fact, common, places), mainEntityOfPage: fact.url };

  const site = { '@type': 'Organization', '@id': ids.publisher, name: 'permis-facts', url: ids.site };
  return {
    '@context': 'https://schema.org',
    '@graph': [page, entity, site, breadcrumbJsonLd(TRAILS.record(fact), siteUrl)],
  };
}

/** The entity of an organization, offer, person or professional record, from its data object. */
function dataEntity(fact: Fact, common: Node, places: Node[]): Node {
  if (fact.organization_data) {
    const d = fact.organization_data;
    return {
      '@type': ORGANIZATION_TYPE[d.organization_type] ?? 'Organization',
      ...common,
      ...(d.legal_name ? { legalName: d.legal_name } : {}),
      ...(d.website ? { sameAs: d.website } : {}),
      ...(d.phone ? { telephone: d.phone } : {}),
      ...(d.email ? { email: d.email } : {}),
      ...(d.address
        ? { address: postalAddress(d.address.locality, d.address.postal_code, d.address.street, d.address.country) }
        : {}),
      ...(d.enterprise_number ? { taxID: d.enterprise_number } : {}),
      areaServed: d.areas_served.map((r) => REGION_LABELS[r]),
    };
  }
  if (fact.offer_data) {
    const d = fact.offer_data;
    return {
      '@type': 'Offer',
      ...common,
      price: d.price_eur,
      priceCurrency: 'EUR',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: d.price_eur,
        priceCurrency: 'EUR',
        unitText: VALUE_LABELS[d.price_unit] ?? d.price_unit,
      },
      seller: {
        '@type': 'Organization',
        name: d.provider,
        ...(d.provider_id ? { '@id': `${new URL(fact.url).origin}/fiches/${d.provider_id}/#record` } : {}),
      },
      itemOffered: { '@type': 'Service', name: fact.title, category: d.licence_categories.map((c) => `Permis ${c}`) },
      ...(fact.effective_from ? { validFrom: fact.effective_from } : {}),
      ...(d.valid_until ? { validThrough: d.valid_until } : {}),
      areaServed: d.regions.map((r) => REGION_LABELS[r]),
    };
  }
  if (fact.person_data) {
    const d = fact.person_data;
    return {
      '@type': 'Person',
      ...common,
      name: d.name,
      jobTitle: d.role,
      ...(d.affiliation ? { affiliation: { '@type': 'Organization', name: d.affiliation } } : {}),
      ...(d.expertise ? { knowsAbout: d.expertise } : {}),
      ...(d.languages ? { knowsLanguage: d.languages } : {}),
    };
  }
  if (fact.professional_data) {
    const d = fact.professional_data;
    return {
      '@type': 'Person',
      ...common,
      name: d.name,
      jobTitle: VALUE_LABELS[d.profession] ?? d.profession,
      knowsLanguage: d.languages,
      workLocation: { '@type': 'Place', address: postalAddress(d.locality, d.postal_code) },
      ...(d.website ? { sameAs: d.website } : {}),
      ...(d.approval_number ? { identifier: d.approval_number } : {}),
    };
  }
  return { '@type': 'Thing', ...common, spatialCoverage: places };
}

function postalAddress(locality: string, postalCode?: string, street?: string, country = 'BE'): Node {
  return {
    '@type': 'PostalAddress',
    addressLocality: locality,
    ...(postalCode ? { postalCode } : {}),
    ...(street ? { streetAddress: street } : {}),
    addressCountry: country,
  };
}

/** The JSON-LD of the home page: the site, its publisher, its search (schema.org SearchAction), its license, and the corpus as a Dataset with its downloads. */
export function siteJsonLd(siteUrl: string, downloads: BuiltDownloads | null): Node {
  const ids = siteIds(siteUrl);
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebSite',
        '@id': ids.site,
        url: ids.site,
        name: 'permis-facts',
        inLanguage: 'fr-BE',
        publisher: { '@id': ids.publisher },
        license: ids.license,
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${siteUrl}/recherche/?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
      { '@type': 'Organization', '@id': ids.publisher, name: 'permis-facts', url: ids.site },
      ...(downloads ? [datasetJsonLd(siteUrl, downloads)] : []),
    ],
  };
}

/** JSON for a <script type="application/ld+json"> element: `<`, `>` and `&` escaped so no record text can close it. */
export function jsonLdScriptText(document: Node): string {
  return JSON.stringify(document).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
