import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../context.ts';
import { addressKey, parseTrustProxy, resolveClient, trustNone } from './client-address.ts';

// A socket address, as @hono/node-server gives it.
async function keyOf(remoteAddress: string): Promise<string> {
  const app = new Hono<AppEnv>().get('/', (c) => c.text(addressKey(c)));
  const res = await app.request(
    '/',
    {},
    { incoming: { socket: { remoteAddress, remotePort: 1, remoteFamily: remoteAddress.includes(':') ? 'IPv6' : 'IPv4' } } },
  );
  return res.text();
}

describe('addressKey: what per-address limits count under', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:DB8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1:2:3:4', 'fe80:0:0:0::/64'],
  ])('%s → %s', async (ip, key) => {
    expect(await keyOf(ip)).toBe(key);
  });
});

describe('resolveClient: who a request is for', () => {
  const proxy = parseTrustProxy('10.0.0.5');
  it.each([
    ['a client naming someone else is not believed', '198.51.100.7', '203.0.113.9', trustNone, '198.51.100.7'],
    ['a trusted proxy names its client', '10.0.0.5', '203.0.113.9', proxy, '203.0.113.9'],
    [
      'past the trusted proxies, the first untrusted hop from the right',
      '10.0.0.5',
      '203.0.113.66, 203.0.113.9, 10.0.0.5',
      proxy,
      '203.0.113.9',
    ],
    ['a loopback peer (this server rendering a page) names its shopper', '127.0.0.1', '203.0.113.9', trustNone, '203.0.113.9'],
    ['an IPv6 loopback peer too', '::1', '2001:db8::7', trustNone, '2001:db8::7'],
    ['a loopback peer naming nobody is itself', '::ffff:127.0.0.1', undefined, trustNone, '127.0.0.1'],
    ['garbage in the header is skipped', '127.0.0.1', 'pas une adresse, 203.0.113.9', trustNone, '203.0.113.9'],
  ])('%s', (_, peer, forwarded, trusted, client) => {
    expect(resolveClient(peer, forwarded, trusted)).toBe(client);
  });
});
