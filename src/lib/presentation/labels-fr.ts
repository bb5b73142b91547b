/** French labels for the site: kinds, regions, source types, evidence kinds and data fields. */
import type { Kind, Region } from '../schema/kinds-regions.ts';

/** Kind labels, singular and plural. */
export const KIND_LABELS: Record<Kind, { one: string; many: string }> = {
  fact: { one: 'Règle', many: 'Règles et faits' },
  expertise: { one: 'Expertise', many: 'Expertises' },
  organization: { one: 'Organisation', many: 'Organisations' },
  offer: { one: 'Offre', many: 'Offres' },
  person: { one: 'Personne', many: 'Personnes' },
  professional: { one: 'Professionnel', many: 'Professionnels' },
  article: { one: 'Article', many: 'Articles' },
  lesson: { one: 'Leçon', many: 'Leçons' },
  page: { one: 'Page', many: 'Pages du site' },
  tool: { one: 'Outil', many: 'Outils' },
};

/** Region labels. */
export const REGION_LABELS: Record<Region, string> = {
  wallonie: 'Wallonie',
  bruxelles: 'Bruxelles',
  flandre: 'Flandre',
  belgique: 'Belgique (national)',
};

/** Source type labels. */
export const SOURCE_TYPE_LABELS: Record<string, string> = {
  official: 'Officielle',
  operator: 'Opérateur',
  brand: 'Marque',
  source: 'Autre source',
};

/** Evidence kind labels. */
export const EVIDENCE_LABELS: Record<string, string> = {
  'official-text': 'Texte officiel',
  'official-guidance': 'Information officielle',
  analysis: "Analyse de l'éditeur",
  method: 'Méthode',
  declaration: 'Déclaration',
  observation: 'Observation',
};

/** Labels of enumerated values inside the data objects. */
export const VALUE_LABELS: Record<string, string> = {
  'public-body': 'Organisme public',
  'exam-centre': "Centre d'examen",
  'driving-school': 'Auto-école',
  'training-centre': 'Centre de formation',
  'medical-service': 'Service médical',
  association: 'Association',
  company: 'Entreprise',
  other: 'Autre',
  'driving-instructor': 'Moniteur ou monitrice de conduite',
  physician: 'Médecin',
  ophthalmologist: 'Ophtalmologue',
  psychologist: 'Psychologue',
  lawyer: 'Avocat',
  translator: 'Traducteur juré',
  package: 'forfait',
  hour: 'heure',
  lesson: 'leçon',
  exam: 'examen',
  document: 'document',
  fr: 'français',
  nl: 'néerlandais',
  de: 'allemand',
  en: 'anglais',
};

/** Formats an ISO date or date-time as a French date: "15 septembre 2026". */
export function frenchDate(iso: string): string {
  const date = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  return new Intl.DateTimeFormat('fr-BE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}
