/** Tells official rules apart, at a glance, from the publisher's analyses, offers, teaching and examples. */
import type { Fact } from '../schema/fact.ts';

/** The nature of a record as shown on its badge. */
export interface Nature {
  /** Badge text. */
  label: string;
  /** Visual family: official rules, publisher content, commercial offers, teaching, or fictional examples. */
  tone: 'official' | 'publisher' | 'commercial' | 'teaching' | 'example' | 'reference';
  /** One sentence explaining what the badge means. */
  hint: string;
}

const isFictional = (fact: Fact) =>
  Boolean(
    fact.person_data?.fictional ||
      fact.professional_data?.fictional ||
      fact.offer_data?.fictional ||
      fact.organization_data?.fictional,
  );

/** The badge for a record. */
export function natureOf(fact: Fact): Nature {
  if (isFictional(fact))
    return {
      label: 'Exemple fictif',
      tone: 'example',
      hint: "Entité inventée pour illustrer le service ; elle n'existe pas.",
    };
  switch (fact.kind) {
    case 'fact':
      return fact.evidence_kind === 'official-text' ||
        fact.evidence_kind === 'official-guidance' ||
        fact.sources.some((s) => s.type === 'official')
        ? {
            label: 'Règle officielle',
            tone: 'official',
            hint: 'Règle établie par une autorité publique, avec ses sources officielles.',
          }
        : {
            label: 'Fait établi',
            tone: 'reference',
            hint: "Fait documenté par l'éditeur à partir des sources citées.",
          };
    case 'expertise':
    case 'article':
      return {
        label: "Analyse de l'éditeur",
        tone: 'publisher',
        hint: "Explication ou analyse propre à l'éditeur ; ce n'est pas un texte officiel.",
      };
    case 'offer':
      return {
        label: 'Offre commerciale',
        tone: 'commercial',
        hint: 'Offre d’un acteur commercial ; prix et contenu déclarés par celui-ci.',
      };
    case 'lesson':
      return {
        label: 'Contenu pédagogique',
        tone: 'teaching',
        hint: "Leçon rédigée par l'éditeur pour apprendre le code de la route.",
      };
    case 'tool':
      return { label: 'Outil pratique', tone: 'publisher', hint: "Aide pratique proposée par l'éditeur." };
    case 'organization':
      return { label: 'Organisation', tone: 'reference', hint: 'Présentation d’un organisme et de son rôle.' };
    case 'person':
    case 'professional':
      return {
        label: fact.kind === 'person' ? 'Personne' : 'Professionnel',
        tone: 'reference',
        hint: 'Profil présenté par l’éditeur.',
      };
    default:
      return { label: 'Page du site', tone: 'publisher', hint: "Page d'information de l'éditeur." };
  }
}
