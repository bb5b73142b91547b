/**
 * The score q would give a record lacking some of its slots: the same scorer (score.ts) over ALL q's slots, a slot
 * the record lacks contributing 0. A record holding every slot gets q's own score, so the blend compares them on one
 * scale (blend.ts). Never used by the API.
 */
import {
  bm25Idf,
  fieldBoosts,
  postingScore,
  rankScore,
  type OptionPostings,
  type Postings,
  type RankFactors,
} from './score.ts';

/** What scoring one record needs of the index: the searched fields in field order, and the title and lead fields. */
export interface PartialContext {
  /** Searched fields (boost above 0), in field order: id, boost, average length. */
  fields: readonly { id: number; boost: number; average: number }[];
  records: number;
  titleField: number;
  /** -1 when the index has no lead field. */
  leadField: number;
  /** Kind (low 4 bits) and region mask (high 4 bits) per listing position. */
  kindRegions: Uint8Array;
}

/** Index of `doc` in a term's sorted docs, or -1 (a page's few blended candidates: a binary search is enough). */
function find(docs: Int32Array, doc: number): number {
  let lo = 0;
  let hi = docs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = docs[mid]!;
    if (at === doc) return mid;
    if (at < doc) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** A term's score in `doc` (its fields' BM25+ added in field order), or -1 when absent. */
function termScore(lists: (Postings | undefined)[] | undefined, doc: number, ctx: PartialContext): number {
  if (!lists) return -1;
  let sum = -1;
  for (const { id, boost, average } of ctx.fields) {
    const list = lists[id];
    if (!list) continue;
    const i = find(list.docs, doc);
    if (i < 0) continue;
    const idf = bm25Idf(ctx.records, list.docs.length);
    const score = postingScore(list, i, idf, boost, average);
    sum = sum < 0 ? score : sum + score;
  }
  return sum;
}

/** Whether `doc` is in the field's postings of every term of the option. */
function inField(option: OptionPostings, field: number, doc: number): boolean {
  return (
    field >= 0 &&
    option.lists.every((lists) => {
      const list = lists?.[field];
      return list !== undefined && find(list.docs, doc) >= 0;
    })
  );
}

/** The score of the record at `doc` under `slots` (factors over all of them), and which slots it holds. */
export function partialScore(
  slots: readonly (readonly OptionPostings[])[],
  factors: RankFactors,
  doc: number,
  ctx: PartialContext,
): { score: number; held: boolean[] } {
  let total = 0;
  let covered = 0;
  let led = 0;
  const held: boolean[] = [];
  slots.forEach((options, t) => {
    let best = -Infinity;
    let titled = false;
    let leading = false;
    for (const option of options) {
      let sum = 0;
      let holds = option.lists.length > 0;
      option.lists.forEach((lists, k) => {
        if (!holds) return;
        const score = termScore(lists, doc, ctx);
        if (score < 0) holds = false;
        else sum = k === 0 ? score : sum + score;
      });
      if (!holds) continue;
      const weighted = option.weight === 1 ? sum : option.weight * sum;
      if (weighted > best) best = weighted;
      titled ||= inField(option, ctx.titleField, doc);
      leading ||= inField(option, ctx.leadField, doc);
    }
    held.push(best > -Infinity);
    if (best > -Infinity) total = t === 0 ? best : total + best;
    covered += titled ? 1 : 0;
    led += leading ? 1 : 0;
  });
  return { score: rankScore(total, ctx.kindRegions[doc]!, covered, led, factors), held };
}

/** The partial-score context of an index. */
export function partialContext(
  manifest: { fields: readonly string[]; averageFieldLength: readonly number[]; records: number },
  kindRegions: Uint8Array,
): PartialContext {
  return {
    fields: fieldBoosts(manifest.fields).flatMap((boost, id) =>
      boost === 0 ? [] : [{ id, boost, average: manifest.averageFieldLength[id]! }],
    ),
    records: manifest.records,
    titleField: manifest.fields.indexOf('title'),
    leadField: manifest.fields.indexOf('lead'),
    kindRegions,
  };
}
