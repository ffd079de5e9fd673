import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { parseTrustProxy } from '../http/client-address.ts';
import { isPrivateAddress } from './location.ts';

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['::1', true],
    ['10.1.2.3', true],
    ['192.168.1.10', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['::ffff:127.0.0.1', true],
    ['fd12:3456::1', true],
    ['41.82.10.5', false],
    ['2001:4860::1', false],
    ['unknown', true],
  ])('%s → %s', (ip, want) => expect(isPrivateAddress(ip)).toBe(want));
});

describe.each(testDatabases().slice(0, 1))('location API on $name', (kind) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await setupApi(kind);
  });
  afterAll(() => t.close());

  it('answers Dakar for a local caller', async () => {
    const res = await t.json('/api/location');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ city: 'Dakar', region: 'Dakar', country: 'SN', ip: 'unknown', loc: '14.6937,-17.4441' });
  });

  it('believes no X-Forwarded-For unless TRUST_PROXY says so', async () => {
    const res = await t.json('/api/location', { ip: '198.51.100.9', headers: { 'X-Forwarded-For': '41.82.10.5' } });
    expect(res.body.ip).toBe('198.51.100.9');
  });
});

describe.each(testDatabases().slice(0, 1))('location API behind a trusted proxy on $name', (kind) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await setupApi(kind, { trustProxy: '127.0.0.1, 10.0.0.0/8' });
  });
  afterAll(() => t.close());

  it('names the forwarded client of a trusted proxy, with what a CDN says about it', async () => {
    const res = await t.json('/api/location', {
      ip: '127.0.0.1',
      headers: { 'X-Forwarded-For': '41.82.10.5', 'CF-IPCountry': 'SN', 'CF-IPCity': 'Thi%C3%A8s' },
    });
    expect(res.body).toEqual({ city: 'Thiès', region: '', country: 'SN', ip: '41.82.10.5', loc: '' });
  });

  it.each([
    ['a client naming itself behind two trusted hops', '127.0.0.1', '6.6.6.6, 41.82.10.5, 10.1.2.3', '41.82.10.5'],
    ['an untrusted peer sending its own header', '198.51.100.9', '41.82.10.5', '198.51.100.9'],
    ['a header that is not an address', '127.0.0.1', 'bonjour', '127.0.0.1'],
  ])('%s', async (_l, ip, xff, want) => {
    expect((await t.json('/api/location', { ip, headers: { 'X-Forwarded-For': xff } })).body.ip).toBe(want);
  });
});

describe('TRUST_PROXY', () => {
  it('reads addresses and CIDR ranges, and refuses anything else in French', () => {
    const trusted = parseTrustProxy('127.0.0.1 10.0.0.0/8,::1');
    expect(['127.0.0.1', '10.200.3.4', '::1', '::ffff:10.0.0.1'].map(trusted)).toEqual([true, true, true, true]);
    expect(['11.0.0.1', 'unknown', '192.168.1.1'].map(trusted)).toEqual([false, false, false]);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow('TRUST_PROXY : « 10.0.0.0/33 » n’est ni une adresse IP ni une plage CIDR.');
    expect(() => parseTrustProxy('proxy.local')).toThrow('TRUST_PROXY : « proxy.local »');
  });
});
