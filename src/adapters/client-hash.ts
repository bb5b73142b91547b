/**
 * Node-only: how a client appears in the log: a keyed hash whose key changes every UTC day, so that one client can
 * be followed through a day but its address never appears, nor can be recovered by hashing every address.
 */
import { createHmac, randomBytes } from 'node:crypto';

/** Characters of the hash kept in the log (64 bits: no collision worth the name among a day's clients). */
const KEPT = 16;

/**
 * A hasher over `secret` (random per start unless given, kept in memory only): the day's key is HMAC(secret, day),
 * the client's value HMAC(key, client). Every process given the same secret gives a client the same value that day.
 */
export function createClientHash(secret: Buffer = randomBytes(32), now: () => number = Date.now): (client: string) => string {
  let day = '';
  let key = Buffer.alloc(0);
  return (client) => {
    const today = new Date(now()).toISOString().slice(0, 10);
    if (today !== day) {
      day = today;
      key = createHmac('sha256', secret).update(day).digest();
    }
    return createHmac('sha256', key).update(client).digest('hex').slice(0, KEPT);
  };
}
