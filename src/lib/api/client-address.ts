/** Which address a request counts against: the socket peer, or an X-Forwarded-For hop when proxies are trusted. */

/**
 * With `trustedProxies` = 0 the socket address is the client. With N > 0, the last N hops
 * (the socket peer and the addresses it and the other trusted proxies appended) are ours,
 * and the client is the hop just before them; a shorter chain yields its first entry.
 */
export function clientAddress(request: { headers: { get(name: string): string | null } }, socketAddress: string | undefined, trustedProxies: number): string {
  const socket = socketAddress ?? 'unknown';
  if (trustedProxies <= 0) return socket;
  const forwarded = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const chain = [...forwarded, socket];
  return chain[Math.max(chain.length - 1 - trustedProxies, 0)]!;
}
