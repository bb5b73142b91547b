/**
 * The score a query would give a record that lacks some of its slots, had the AND rule let it through: the same
 * scorer over the same slots and terms (score.ts: the BM25+ sums, then rankScore's factors over ALL the query's
 * slots), each slot the record does not hold contributing 0 and covering nothing in its title. A record holding
 * every slot gets the query's own score (tested against the engine), so a partial match and an exact match of one
 * query are on one scale: that is what lets the search page blend them by score (blend.ts). Never used by the API.
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

/** One option of a slot: per term, its postings per field id (undefined: no record holds it), and its weight. */
export type PartialOption = OptionPostings;

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

/** A record's score under a query, and which of the query's slots it holds. */
export interface PartialScore {
  score: number;
  held: boolean[];
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

/** A term's score in `doc` (its fields' BM25+ added in field order, as the scorer adds them), or -1 when absent. */
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
function inField(option: PartialOption, field: number, doc: number): boolean {
  return (
    field >= 0 &&
    option.lists.every((lists) => {
      const list = lists?.[field];
      return list !== undefined && find(list.docs, doc) >= 0;
    })
  );
}

/**
 * The score of the record at listing position `doc` under a query of `slots` (each a list of options; `factors`
 * its rankFactors over all its slots), slots the record lacks contributing 0: the sum of the slots it holds (each its
 * best weighted option), then score.ts's rankScore with the title coverage and lead counted over all the slots.
 */
export function partialScore(
  slots: readonly (readonly PartialOption[])[],
  factors: RankFactors,
  doc: number,
  ctx: PartialContext,
): PartialScore {
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

/** The partial-score context of an index: its searched fields, record count, title and lead fields, listing bytes. */
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
