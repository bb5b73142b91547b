/** Node-only: deterministic synthetic record files for benchmarks, valid under the real schema. */
import { stringify } from 'yaml';
import { idForSlug } from '../records/new-id.ts';
import { KINDS, LICENCE_CATEGORIES, REGIONS, SOURCE_TYPES, EVIDENCE_KINDS, type Kind } from '../schema/vocabulary.ts';
import { CONTENT_WORDS, FUNCTION_WORDS } from './vocabulary.ts';
import { pick, seededRandom, zipfSampler } from './random.ts';

/** One generated file: its name and source. */
export interface GeneratedFile {
  name: string;
  source: string;
}

/** Kinds weighted like the bundled corpus: facts, lessons and articles carry the weight. */
const KIND_WEIGHTS: [Kind, number][] = [
  ['fact', 30],
  ['expertise', 10],
  ['organization', 9],
  ['offer', 5],
  ['person', 3],
  ['professional', 6],
  ['article', 12],
  ['lesson', 13],
  ['page', 4],
  ['tool', 8],
];
const VOWEL = /^[aeiouéèêâîôûœæh]/i;

/** Generates `count` records from `seed`; record i links to up to four earlier records. */
export function* generateRecords(count: number, seed: number): Generator<GeneratedFile> {
  const random = seededRandom(seed);
  const word = zipfSampler(CONTENT_WORDS.length, 1.07, random);
  const total = KIND_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  const kindOf = () => {
    let r = random() * total;
    for (const [kind, w] of KIND_WEIGHTS) if ((r -= w) < 0) return kind;
    return 'fact' as Kind;
  };
  const ids: string[] = [];
  const orgIds: string[] = [];

  const content = () => CONTENT_WORDS[word()]!;
  const sentence = (min: number, max: number) => {
    const length = min + Math.floor(random() * (max - min));
    const words: string[] = [];
    for (let i = 0; i < length; i++) {
      const next = content();
      if (random() < 0.45) {
        const fn = pick(FUNCTION_WORDS, random);
        // Elide before a vowel, as French does: l'examen, d'une, qu'il.
        if (VOWEL.test(next) && ['le', 'la', 'de', 'que'].includes(fn))
          words.push(`${fn[0] === 'q' ? 'qu' : fn[0]}'${next}`);
        else words.push(fn, next);
      } else words.push(next);
    }
    const text = words.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };

  for (let i = 0; i < count; i++) {
    const kind = i < KINDS.length ? KINDS[i]! : kindOf();
    const slug = `synthetique-${seed}-${i}`;
    const id = idForSlug(kind, slug);
    const regions = [...new Set([REGIONS[i % REGIONS.length]!, ...(random() < 0.3 ? [pick(REGIONS, random)] : [])])];
    const fictional = true;
    const data: Record<string, unknown> = {};
    if (kind === 'organization')
      data.organization_data = {
        organization_type: 'company',
        areas_served: regions,
        website: `https://www.example.be/org-${i}`,
        fictional,
      };
    if (kind === 'person')
      data.person_data = { name: `Personne Exemple ${i}`, role: sentence(2, 5).slice(0, -1), fictional };
    if (kind === 'professional')
      data.professional_data = {
        name: `Pro Exemple ${i}`,
        profession: 'driving-instructor',
        locality: 'Namur',
        languages: ['fr'],
        fictional,
      };
    if (kind === 'offer') {
      data.offer_data = {
        provider: `Prestataire ${i}`,
        ...(orgIds.length ? { provider_id: pick(orgIds, random) } : {}),
        licence_categories: [pick(LICENCE_CATEGORIES, random)],
        price_eur: Math.round(random() * 150000) / 100,
        price_unit: 'package',
        regions,
        fictional,
      };
    }
    const related = ids.length
      ? [...new Set(Array.from({ length: Math.floor(random() * 5) }, () => ids[Math.floor(random() * ids.length)]!))]
      : [];
    const frontmatter = {
      id,
      kind,
      title: sentence(4, 10).slice(0, -1),
      regions,
      sources: Array.from({ length: 1 + Math.floor(random() * 3) }, (_, s) => ({
        url: `https://www.example.be/source-${i}-${s}`,
        label: sentence(2, 6).slice(0, -1),
        type: pick(SOURCE_TYPES, random),
      })),
      ...(random() < 0.8
        ? {
            verified_at: `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 10)}`,
            evidence_kind: pick(EVIDENCE_KINDS, random),
          }
        : {}),
      modified_at: '2026-10-01T08:00:00Z',
      ...(related.length ? { related } : {}),
      ...(kind === 'lesson' ? { bibliography: [sentence(4, 9)] } : {}),
      ...data,
    };
    const paragraphs = Array.from({ length: 2 + Math.floor(random() * 3) }, () =>
      Array.from({ length: 3 + Math.floor(random() * 4) }, () => sentence(6, 16)).join(' '),
    );
    ids.push(id);
    if (kind === 'organization') orgIds.push(id);
    yield { name: `${slug}.md`, source: `---\n${stringify(frontmatter)}---\n${paragraphs.join('\n\n')}\n` };
  }
}
