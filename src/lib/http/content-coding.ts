/** Content-coding negotiation (RFC 9110 §12.5.3), shared by the static files and the API, in any runtime. */

/** Codings we can send besides identity, best first when the client rates them equally. */
export const CODINGS = ['br', 'gzip'] as const;
/** A coding we can send. */
export type Coding = (typeof CODINGS)[number];

/** Bodies smaller than this are sent as they are: compression would save too little to pay for itself. */
export const MIN_COMPRESS_BYTES = 1024;

/** Parses Accept-Encoding into coding -> q (lowercase names; a bad q counts as 0). */
export function parseAcceptEncoding(header: string | null | undefined): Map<string, number> {
  const weights = new Map<string, number>();
  if (!header) return weights;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const coding = name!.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key?.trim().toLowerCase() === 'q')
        q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value?.trim() ?? '') ? Number(value) : 0;
    }
    weights.set(coding, q);
  }
  return weights;
}

/**
 * The coding to send among `available`, or 'identity'. Highest q wins; on a tie, br before gzip before identity.
 * `*` rates every coding not named. Without the header, identity. When the client refuses identity
 * (`identity;q=0`, or `*;q=0` without naming it) and accepts nothing we have, we still send identity:
 * RFC 9110 allows it, and an error would break more clients than it helps.
 */
export function chooseCoding(
  header: string | null | undefined,
  available: readonly Coding[] = CODINGS,
): Coding | 'identity' {
  const weights = parseAcceptEncoding(header);
  if (weights.size === 0) return 'identity';
  const star = weights.get('*');
  const q = (coding: string) => weights.get(coding) ?? (coding === 'x-gzip' ? 0 : star) ?? 0;
  let best: Coding | 'identity' = 'identity';
  let bestQ = weights.get('identity') ?? (star === 0 ? 0 : 0.001);
  for (const coding of CODINGS) {
    if (!available.includes(coding)) continue;
    const weight = coding === 'gzip' ? Math.max(q('gzip'), weights.get('x-gzip') ?? 0) : q(coding);
    if (weight > 0 && weight >= bestQ && (best === 'identity' || weight > bestQ)) {
      best = coding;
      bestQ = weight;
    }
  }
  return best;
}
