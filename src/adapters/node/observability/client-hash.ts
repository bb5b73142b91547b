/**
 * Node-only: how a client appears in the log: a keyed hash whose key changes every UTC day, so that one client can
 * be followed through a day but its address never appears, nor can be recovered by hashing every address.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** Characters of the hash kept in the log (64 bits: no collision worth the name among a day's clients). */
const KEPT = 16;
/** Clients whose value is kept for the day (a Map cleared when full: memory stays bounded). */
const KEPT_CLIENTS = 10_000;

/**
 * A hasher over `secret` (random per start unless given, kept in memory only): the day's key is HMAC(secret, day),
 * the client's value HMAC(key, client). Every process given the same secret gives a client the same value that day.
 */
export function createClientHash(
  secret: Buffer = randomBytes(32),
  now: () => number = Date.now,
): (client: string) => string {
  let day = '';
  let key = Buffer.alloc(0);
  let checkedAt = Number.NEGATIVE_INFINITY;
  // A client sends many requests: the day's values are kept (bounded), and forgotten with the day's key.
  const known = new Map<string, string>();
  return (client) => {
    const time = now();
    // The day is looked at once a second at most, not per request.
    if (time - checkedAt >= 1000 || time < checkedAt) {
      checkedAt = time;
      const today = new Date(time).toISOString().slice(0, 10);
      if (today !== day) {
        day = today;
        key = createHmac('sha256', secret).update(day).digest();
        known.clear();
      }
    }
    let value = known.get(client);
    if (value === undefined) {
      if (known.size >= KEPT_CLIENTS) known.clear();
      value = createHmac('sha256', key).update(client).digest('hex').slice(0, KEPT);
      known.set(client, value);
    }
    return value;
  };
}
