import fc from 'fast-check';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { clientAddress, clientKey } from '../../src/lib/api/client-address.ts';
import { createMemoryQuota } from '../../src/lib/quota.ts';

const request = (forwarded?: string) => ({
  headers: { get: (name: string) => (name === 'x-forwarded-for' ? (forwarded ?? null) : null) },
});

/** Eight random 16-bit groups, as an address. */
const groups = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });
const octets = fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 4, maxLength: 4 });

/** Ways of writing the same IPv6 address: full with leading zeros, upper case, `::` at any zero run, brackets, port. */
function spellings(g: number[]): string[] {
  const full = g.map((x) => x.toString(16).padStart(4, '0')).join(':');
  const short = g.map((x) => x.toString(16)).join(':');
  const out = [full, full.toUpperCase(), short, `[${short}]`, `[${full}]:8443`, `${short}%eth0`];
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j > i)
      out.push(
        `${g
          .slice(0, i)
          .map((x) => x.toString(16))
          .join(':')}::${g
          .slice(j)
          .map((x) => x.toString(16))
          .join(':')}`,
      );
  }
  return out;
}

describe('client address canonicalisation', () => {
  it('gives one key for every spelling of one IPv6 address', () => {
    for (const spelling of [
      '2001:DB8::1',
      '2001:0db8:0:0:0:0:0:1',
      '[2001:db8::1]',
      '[2001:db8::1]:443',
      '2001:db8:0::0:1',
    ]) {
      expect(clientKey(spelling, 128)).toBe('2001:db8::1');
    }
    fc.assert(fc.property(groups, (g) => new Set(spellings(g).map((s) => clientKey(s, 128))).size === 1));
    fc.assert(fc.property(groups, (g) => new Set(spellings(g).map((s) => clientKey(s))).size === 1));
  });

  it('writes IPv6 keys in RFC 5952 text (lowercase, longest zero run compressed, first on a tie)', () => {
    expect(clientKey('2001:db8:0:0:1:0:0:1', 128)).toBe('2001:db8::1:0:0:1');
    expect(clientKey('2001:db8:0:1:1:1:1:1', 128)).toBe('2001:db8:0:1:1:1:1:1');
    expect(clientKey('0:0:0:0:0:0:0:0', 128)).toBe('::');
    expect(clientKey('::1', 128)).toBe('::1');
  });

  it('counts IPv4-mapped IPv6 as the IPv4 address, with or without a port', () => {
    for (const spelling of [
      '::ffff:192.0.2.1',
      '::FFFF:c000:201',
      '[::ffff:192.0.2.1]:80',
      '192.0.2.1',
      '192.0.2.1:51234',
      ' 192.0.2.1 ',
    ]) {
      expect(clientKey(spelling)).toBe('192.0.2.1');
    }
    fc.assert(
      fc.property(octets, fc.integer({ min: 0, max: 65535 }), (o, port) => {
        const dotted = o.join('.');
        return [dotted, `${dotted}:${port}`, `::ffff:${dotted}`, `[::ffff:${dotted}]:${port}`].every(
          (s) => clientKey(s) === dotted,
        );
      }),
    );
  });

  it('buckets IPv6 clients by /64 by default, and by the configured prefix', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('2001:db8:1:2:aaaa::1', 48)).toBe('2001:db8:1::/48');
    expect(clientKey('2001:db8:1:ff:aaaa::1', 56)).toBe('2001:db8:1::/56');
    expect(clientKey('2001:db8:1:2:aaaa::1', 128)).toBe('2001:db8:1:2:aaaa::1');
    fc.assert(
      fc.property(groups, fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 4, maxLength: 4 }), (g, host) => {
        fc.pre(!(g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff));
        const other = [...g.slice(0, 4), ...host];
        fc.pre(!(other.slice(0, 5).every((x) => x === 0) && other[5] === 0xffff));
        return (
          clientKey(g.map((x) => x.toString(16)).join(':')) === clientKey(other.map((x) => x.toString(16)).join(':'))
        );
      }),
    );
  });

  it('keeps anything that is not an address as it is (trimmed, lowercased, cut), and never throws', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey(' Not-An-IP ')).toBe('not-an-ip');
    expect(clientKey('1.2.3.256')).toBe('1.2.3.256');
    expect(clientKey('2001:db8::1::2')).toBe('2001:db8::1::2');
    expect(clientKey('')).toBe('unknown');
    expect(clientKey('x'.repeat(500))).toHaveLength(100);
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: -5, max: 200 }),
        (text, prefix) => typeof clientKey(text, prefix) === 'string',
      ),
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF:.[]%') }),
        (text) => typeof clientKey(text) === 'string',
      ),
    );
  });

  it('canonicalises trusted X-Forwarded-For hops as it does the socket address', () => {
    expect(clientAddress(request('6.6.6.6, [2001:DB8::1]:443'), '10.0.0.1', 1)).toBe('2001:db8::/64');
    expect(clientAddress(request('6.6.6.6, ::ffff:192.0.2.1'), '::ffff:10.0.0.1', 1)).toBe('192.0.2.1');
    expect(clientAddress(request('192.0.2.1:1234'), '10.0.0.1', 1, 128)).toBe('192.0.2.1');
    expect(clientAddress(request('1.1.1.1'), '2001:db8:0:0:5::9', 0)).toBe('2001:db8::/64');
    expect(clientAddress(request('1.1.1.1'), '::ffff:127.0.0.1', 0)).toBe('127.0.0.1');
  });

  it('keeps no part of a long X-Forwarded-For header alive in the limiter, only its 100-character key', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const limiter = createMemoryQuota({ limit: 1_000_000 });
    const heap = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const before = heap();
    for (let i = 0; i < 2_000; i++) {
      // A header made per request, as the HTTP parser makes it; TRUST_PROXY=2 with one real proxy picks the first hop.
      const header = `${i.toString(36)}-${'A'.repeat(16_000)}, 198.51.100.7`;
      const key = clientAddress(request(header), '127.0.0.1', 2);
      expect(key).toHaveLength(100);
      limiter.hitSync(key);
    }
    const grown = (heap() - before) / 2 ** 20;
    expect(limiter.trackedClients).toBe(2_000);
    // 2,000 headers of 16 kB are 31 MiB; 2,000 keys of 100 characters and their windows are well under 4 MiB.
    expect(grown, `${grown.toFixed(1)} MiB kept for 2,000 keys`).toBeLessThan(4);
  });
});
