import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { isPrivateAddress } from './location.ts';

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true], ['::1', true], ['10.1.2.3', true], ['192.168.1.10', true], ['172.16.0.1', true], ['172.32.0.1', false],
    ['::ffff:127.0.0.1', true], ['fd12:3456::1', true], ['41.82.10.5', false], ['2001:4860::1', false], ['unknown', true],
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

  it('names the forwarded client of a local proxy, with what a CDN says about it', async () => {
    const res = await t.json('/api/location', { headers: { 'X-Forwarded-For': '41.82.10.5', 'CF-IPCountry': 'SN', 'CF-IPCity': 'Thi%C3%A8s' } });
    expect(res.body).toEqual({ city: 'Thiès', region: '', country: 'SN', ip: '41.82.10.5', loc: '' });
  });
});
