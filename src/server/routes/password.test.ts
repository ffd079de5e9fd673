import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { USERS } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('password reset and login throttling on $name', (kind) => {
  let t: TestApi;
  beforeAll(async () => { t = await setupApi(kind); });
  afterAll(() => t.close());

  const getTokens = (u: string, p: string) => t.json(`/api/auth/get_tokens?username=${encodeURIComponent(u)}&password=${encodeURIComponent(p)}`);
  const lastCode = (to: string) => [...t.mail].reverse().find((x) => x.to === to)?.text.match(/\b(\d{4})\b/)?.[1];

  it('answers the same for a known and an unknown account, by e-mail and SMS', async () => {
    const known = await t.json(`/api/reset-password-email/${USERS.member.email}`);
    const unknown = await t.json('/api/reset-password-email/personne@test.sn');
    expect(known.status).toBe(200);
    expect(unknown).toMatchObject({ status: known.status, body: known.body });
    const knownSms = await t.json('/api/reset-password-sms/771112233');
    const unknownSms = await t.json('/api/reset-password-sms/779999999');
    expect(knownSms).toMatchObject({ status: 200, body: known.body });
    expect(unknownSms).toMatchObject({ status: 200, body: known.body });
    expect(t.mail.filter((m) => m.to === USERS.member.email)).toHaveLength(1);
    expect(t.mail.filter((m) => m.to === '221771112233')).toHaveLength(1);
    // Within the minute: same answer, nothing more sent.
    expect(await t.json(`/api/reset-password-email/${USERS.member.email}`)).toMatchObject({ status: 200, body: known.body });
    expect(t.mail.filter((m) => m.to === USERS.member.email)).toHaveLength(1);
  });

  it('a reset sets the password, ends every session, and the code works once', async () => {
    const old = await t.login('member');
    const code = lastCode(USERS.member.email)!;
    const wrong = await t.json('/api/new-password', { method: 'POST', body: { username: USERS.member.email, code: code === '0000' ? '0001' : '0000', password: 'Nouveau#2026' } });
    expect(wrong.status).toBe(400);
    const unknown = await t.json('/api/new-password', { method: 'POST', body: { username: 'personne@test.sn', code, password: 'Nouveau#2026' } });
    expect(unknown).toMatchObject({ status: 400, body: wrong.body });
    const ok = await t.json('/api/new-password', { method: 'POST', body: { username: USERS.member.email, code, password: 'Nouveau#2026' } });
    expect(ok.status).toBe(200);
    expect((await t.json(`/api/users/${t.ids.user.member}`, { token: old.access_token })).status).toBe(401);
    expect((await t.json('/api/auth/refresh_token', { method: 'POST', body: { refresh_token: old.refresh_token } })).status).toBe(401);
    expect((await getTokens(USERS.member.email, USERS.member.password)).status).toBe(401);
    expect((await getTokens(USERS.member.email, 'Nouveau#2026')).status).toBe(200);
    expect((await t.json('/api/new-password', { method: 'POST', body: { username: USERS.member.email, code, password: 'Autre#2026x' } })).status).toBe(400);
    expect(t.logs.join('\n')).not.toMatch(/Nouveau#2026|Nouveau%232026/);
    expect(t.logs.join('\n')).not.toContain(code);
  });

  it('a reset by SMS works with the code texted', async () => {
    const code = lastCode('221771112233')!;
    const ok = await t.json('/api/new-password', { method: 'POST', body: { username: '77 111 22 33', code, password: 'Client#2027' } });
    expect(ok.status).toBe(200);
    expect((await getTokens(USERS.customer.email, 'Client#2027')).status).toBe(200);
  });

  it('tokens stop working after logout', async () => {
    const s = await t.login('admin');
    expect((await t.json('/api/users', { token: s.access_token })).status).toBe(200);
    await t.json('/api/auth/delete_tokens', { method: 'POST', body: { refreshToken: s.refresh_token } });
    expect((await t.json('/api/users', { token: s.access_token })).status).toBe(401);
  });

  it('10 failures in 15 minutes lock the account with a French 429, also for the right password', async () => {
    for (let i = 0; i < 10; i++) expect((await getTokens(USERS.unverified.email, `Faux#${i}abc`)).status).toBe(401);
    const locked = await getTokens(USERS.unverified.email, USERS.unverified.password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.');
    // Unknown names are throttled alike, so 429 tells nothing about existence.
    for (let i = 0; i < 10; i++) await getTokens('fantome@test.sn', `Faux#${i}abc`);
    expect((await getTokens('fantome@test.sn', 'x')).body).toEqual(locked.body);
    t.clock.advance(15 * 60 + 1);
    expect((await getTokens(USERS.unverified.email, USERS.unverified.password)).status).toBe(200);
  });

  it('20 concurrent wrong passwords get at most 10 tries', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => getTokens(USERS.admin.email, `Faux#${i}xyz`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    // Whatever the interleaving, burst and later tries together never check more than 10 wrong passwords.
    let more = 0;
    while (more < 20 && (await getTokens(USERS.admin.email, 'Encore#faux1')).status === 401) more += 1;
    expect(statuses.filter((s) => s === 401).length + more).toBe(10);
    expect((await getTokens(USERS.admin.email, USERS.admin.password)).status).toBe(429);
  });
});
