import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { otpCodes } from '../db/schema-accounts.ts';
import { rateLimits } from '../db/schema-orders.ts';
import { searchTermDays, searchTerms } from '../db/schema-search.ts';
import { refreshTokens, sessions } from '../db/schema.ts';
import { SEARCH_DAYS_KEPT, SEARCH_TERMS_KEPT_DAYS, sweep } from './retention.ts';
import { scheduleJobs } from '../jobs/runner.ts';
import { shopJobs } from '../jobs/shop-jobs.ts';
import { memoryMailer } from '../mail/mailer.ts';
import { demoProvider } from '../payments/demo.ts';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { USERS } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('retention of the account tables on $name', (kind) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await setupApi(kind, { fakeDate: true });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;
  const codesOf = async (userId: number) => (await db().select().from(otpCodes).where(eq(otpCodes.userId, userId))).map((c) => c.id).sort();
  const sessionIds = async () => (await db().select({ id: sessions.id }).from(sessions)).map((s) => s.id);
  const sidOf = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).sid as string;
  const refresh = (refresh_token: string) => t.json('/api/auth/refresh_token', { method: 'POST', body: { refresh_token } });

  it('deletes used and expired codes, never a live one', async () => {
    const reset = (who: string) => t.json(`/api/reset-password-email/${encodeURIComponent(who)}`, { ip: '100.64.0.1' });
    await reset(USERS.member.email);
    const used = [...t.mail]
      .reverse()
      .find((m) => m.to === USERS.member.email)!
      .text.match(/\b(\d{4})\b/)![1]!;
    expect(
      (
        await t.json('/api/new-password', {
          method: 'POST',
          body: { username: USERS.member.email, code: used, password: 'Membre#2027' },
          ip: '100.64.0.2',
        })
      ).status,
    ).toBe(200);
    await reset(USERS.admin.email);
    t.clock.advance(601);
    await reset(USERS.customer.email);
    const live = await codesOf(t.ids.user.customer);
    expect(live).toHaveLength(1);

    const swept = await sweep(db(), t.clock.now);
    expect(swept.codes).toBe(2);
    expect(await codesOf(t.ids.user.member)).toEqual([]);
    expect(await codesOf(t.ids.user.admin)).toEqual([]);
    expect(await codesOf(t.ids.user.customer)).toEqual(live);
    // The live code still works after the sweep.
    const code = [...t.mail]
      .reverse()
      .find((m) => m.to === USERS.customer.email)!
      .text.match(/\b(\d{4})\b/)![1]!;
    expect(
      (
        await t.json('/api/new-password', {
          method: 'POST',
          body: { username: USERS.customer.email, code, password: 'Client#2027' },
          ip: '100.64.0.2',
        })
      ).status,
    ).toBe(200);
  });

  it('deletes the limit windows that ended, and keeps a running one counting', async () => {
    await db()
      .insert(rateLimits)
      .values({ key: 'acct:loginPair:ancien', points: 10, expire: new Date(t.clock.now.getTime() - 1000) });
    for (let i = 0; i < 10; i++)
      await t.json(`/api/auth/get_tokens?username=${USERS.admin.email}&password=Faux%23${i}abc`, { ip: '100.64.1.1' });
    await sweep(db(), t.clock.now);
    const keys = (await db().select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain('acct:loginPair:ancien');
    expect(keys).toContain(`acct:loginPair:u:${t.ids.user.admin}@100.64.1.1`);
    expect(
      (
        await t.json(`/api/auth/get_tokens?username=${USERS.admin.email}&password=${encodeURIComponent(USERS.admin.password)}`, {
          ip: '100.64.1.1',
        })
      ).status,
    ).toBe(429);
  });

  it('deletes ended sessions and spent refresh tokens, never a live session', async () => {
    const expired = await t.login('unverified');
    t.clock.advance(31 * 24 * 3600);
    const live = await t.login('unverified');
    const loggedOut = await t.login('unverified');
    await t.json('/api/auth/delete_tokens', { method: 'POST', body: { refreshToken: loggedOut.refresh_token } });
    const rotated = await t.login('unverified');
    const next = await refresh(rotated.refresh_token);
    expect(next.status).toBe(200);
    // A session being opened: its row is written, its first refresh token not yet.
    const opening = '00000000-0000-4000-8000-000000000001';
    await db().insert(sessions).values({ id: opening, userId: t.ids.user.unverified, createdAt: t.clock.now });

    await sweep(db(), t.clock.now);
    let ids = await sessionIds();
    expect(ids).not.toContain(sidOf(expired.access_token));
    expect(ids).not.toContain(sidOf(loggedOut.access_token));
    expect(ids).toEqual(expect.arrayContaining([sidOf(live.access_token), sidOf(rotated.access_token), opening]));
    // The used token is kept for a day, so that a replay of it still revokes its session.
    const rotatedTokens = await db()
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.sessionId, sidOf(rotated.access_token)));
    expect(rotatedTokens).toHaveLength(2);

    t.clock.advance(25 * 3600);
    const swept = await sweep(db(), t.clock.now);
    ids = await sessionIds();
    expect(ids).not.toContain(opening);
    expect(ids).toEqual(expect.arrayContaining([sidOf(live.access_token), sidOf(rotated.access_token)]));
    expect(swept.refreshTokens).toBeGreaterThanOrEqual(1);
    expect(
      await db()
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.sessionId, sidOf(rotated.access_token))),
    ).toHaveLength(1);
    // What was kept still works.
    expect((await refresh(live.refresh_token)).status).toBe(200);
    expect((await refresh(next.body.refresh_token)).status).toBe(200);
    expect(
      await db()
        .select()
        .from(sessions)
        .where(inArray(sessions.id, [sidOf(expired.access_token), sidOf(loggedOut.access_token)])),
    ).toEqual([]);
  });

  it('keeps search terms as sent for a week and their counts per day for longer, then deletes both', async () => {
    const search = (terme: string, guest: string) =>
      t.json('/api/termeRecherche', { method: 'POST', body: { terme, source: 'boutique' }, headers: { 'Guest-Id': guest } });
    expect((await search('Micro-ondes', 'retention-01')).status).toBe(201);
    const day = t.clock.now.toISOString().slice(0, 10);
    const raw = () => db().select().from(searchTerms).where(eq(searchTerms.terme, 'Micro-ondes'));
    const counted = () => db().select().from(searchTermDays).where(eq(searchTermDays.terme, 'micro-ondes'));
    t.clock.advance(SEARCH_TERMS_KEPT_DAYS * 86_400 - 60);
    await sweep(db(), t.clock.now);
    expect(await raw()).toHaveLength(1);
    t.clock.advance(120);
    expect((await sweep(db(), t.clock.now)).searchTerms).toBeGreaterThanOrEqual(1);
    expect(await raw()).toEqual([]);
    expect(await counted()).toEqual([{ day, terme: 'micro-ondes', count: 1 }]);
    t.clock.advance(SEARCH_DAYS_KEPT * 86_400);
    expect((await sweep(db(), t.clock.now)).searchDays).toBeGreaterThanOrEqual(1);
    expect(await counted()).toEqual([]);
  });

  it('the scheduled retention job sweeps at start, without keeping the process alive', async () => {
    await db()
      .insert(rateLimits)
      .values({ key: 'acct:sendAddress:ancien', points: 1, expire: new Date(t.clock.now.getTime() - 1000) });
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const provider = demoProvider({ webhookSecret: 'x'.repeat(32), pageUrl: (id) => `/demo/${id}` });
    const jobs = shopJobs({ db: db(), provider, mailer: memoryMailer(), siteUrl: 'http://boutique.test', log }).filter(
      (j) => j.name === 'retention',
    );
    const stop = scheduleJobs(db(), jobs, () => t.clock.now, log);
    await vi.waitFor(() =>
      expect(lines.join('\n')).toMatch(
        /^\[tâches\] retention : supprimés : \d+ codes, 1 compteurs, \d+ sessions, \d+ jetons, \d+ recherches, \d+ jours de recherches, \d+ messages$/m,
      ),
    );
    stop();
  });
});
