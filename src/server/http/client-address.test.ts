import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../context.ts';
import { addressKey } from './client-address.ts';

// A socket address, as @hono/node-server gives it.
async function keyOf(remoteAddress: string): Promise<string> {
  const app = new Hono<AppEnv>().get('/', (c) => c.text(addressKey(c)));
  const res = await app.request('/', {}, { incoming: { socket: { remoteAddress, remotePort: 1, remoteFamily: remoteAddress.includes(':') ? 'IPv6' : 'IPv4' } } });
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
