import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../accounts/limits.ts';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { USERS } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('login throttling on $name', (kind) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await setupApi(kind, { fakeDate: true });
  });
  afterAll(() => t.close());

  const getTokens = (u: string, p: string, ip: string) =>
    t.json(`/api/auth/get_tokens?username=${encodeURIComponent(u)}&password=${encodeURIComponent(p)}`, { ip });

  it('10 wrong passwords from address A lock that pair only: the right password from address B logs in', async () => {
    for (let i = 0; i < 10; i++) expect((await getTokens(USERS.customer.email, `Faux#${i}abc`, '198.51.100.1')).status).toBe(401);
    const locked = await getTokens(USERS.customer.email, USERS.customer.password, '198.51.100.1');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(
      'Trop de tentatives de connexion pour ce compte depuis cette connexion. Veuillez réessayer dans 15 minutes.',
    );
    expect(locked.headers.get('Retry-After')).toBe(String(15 * 60));
    // The owner's phone, on another network, is not locked out.
    const owner = await getTokens(USERS.customer.email, USERS.customer.password, '203.0.113.7');
    expect(owner.status).toBe(200);
    expect(owner.body.access_token).toEqual(expect.any(String));
    // Nor by the phone number, which names the same account.
    expect((await getTokens('77 111 22 33', USERS.customer.password, '203.0.113.7')).status).toBe(200);
  });

  it('the locked pair may try again once its 15 minutes are over, and a success starts it afresh', async () => {
    const ip = '198.51.100.2';
    for (let i = 0; i < 10; i++) await getTokens(USERS.member.email, `Faux#${i}abc`, ip);
    expect((await getTokens(USERS.member.email, USERS.member.password, ip)).status).toBe(429);
    t.clock.advance(14 * 60);
    const later = await getTokens(USERS.member.email, USERS.member.password, ip);
    expect(later).toMatchObject({ status: 429, body: { message: expect.stringContaining('dans 1 minute.') } });
    expect(later.headers.get('Retry-After')).toBe('60');
    t.clock.advance(61);
    expect((await getTokens(USERS.member.email, USERS.member.password, ip)).status).toBe(200);
    // After a success, the pair has its ten tries again.
    for (let i = 0; i < 9; i++) expect((await getTokens(USERS.member.email, `Faux#${i}xyz`, ip)).status).toBe(401);
    expect((await getTokens(USERS.member.email, USERS.member.password, ip)).status).toBe(200);
  });

  it('40 names sprayed from one address are slowed after 20 failures, for every account including the right password', async () => {
    const ip = '198.51.100.3';
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await getTokens(`victime${i}@test.sn`, 'Printemps2026', ip)).status);
    expect(statuses.slice(0, ACCOUNT_LIMITS.loginAddress.points).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(ACCOUNT_LIMITS.loginAddress.points).every((s) => s === 429)).toBe(true);
    const next = await getTokens(USERS.admin.email, USERS.admin.password, ip);
    expect(next.status).toBe(429);
    expect(next.body.message).toBe('Trop de tentatives de connexion depuis cette connexion. Veuillez réessayer dans 15 minutes.');
    expect(Number(next.headers.get('Retry-After'))).toBe(15 * 60);
    // Another address is not concerned.
    expect((await getTokens(USERS.admin.email, USERS.admin.password, '198.51.100.4')).status).toBe(200);
  });

  it('successful logins do not use up an address shared by many shoppers', async () => {
    const ip = '198.51.100.5';
    for (let i = 0; i < ACCOUNT_LIMITS.loginAddress.points + 5; i++)
      expect((await getTokens(USERS.admin.email, USERS.admin.password, ip)).status).toBe(200);
  });

  it('an IPv6 client counts per /64: rotating its own addresses does not reset the count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await getTokens(USERS.unverified.email, `Faux#${i}abc`, `2001:db8:1:2::${(i + 1).toString(16)}`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await getTokens(USERS.unverified.email, USERS.unverified.password, '2001:db8:1:3::1')).status).toBe(200);
  });

  it('an unknown name and a known account answer alike, locked or not', async () => {
    const ip = '198.51.100.6';
    const wrong: Array<{ status: number; body: unknown }> = [];
    const unknown: Array<{ status: number; body: unknown }> = [];
    for (let i = 0; i < 11; i++) {
      const w = await getTokens(USERS.admin.email, `Faux#${i}abc`, ip);
      const u = await getTokens('fantome@test.sn', `Faux#${i}abc`, '198.51.100.7');
      wrong.push({ status: w.status, body: w.body });
      unknown.push({ status: u.status, body: u.body });
    }
    expect(unknown).toEqual(wrong);
    expect(wrong.at(-1)!.status).toBe(429);
  });

  it('20 concurrent wrong passwords from one address get at most 10 tries', async () => {
    const ip = '198.51.100.8';
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => getTokens(USERS.member.email, `Faux#${i}conc`, ip)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    let more = 0;
    while (more < 20 && (await getTokens(USERS.member.email, 'Encore#faux1', ip)).status === 401) more += 1;
    expect(statuses.filter((s) => s === 401).length + more).toBe(10);
    expect((await getTokens(USERS.member.email, USERS.member.password, ip)).status).toBe(429);
    expect((await getTokens(USERS.member.email, USERS.member.password, '198.51.100.9')).status).toBe(200);
  });
});
