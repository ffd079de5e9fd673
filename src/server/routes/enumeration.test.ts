import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords.ts';
import { users } from '../db/schema.ts';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { USERS } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

// Every reset and resend route, with what names an account that exists and what names none, in each spelling the route takes.
const ROUTES = [
  {
    route: 'reset-password-email',
    path: (who: string) => `/api/reset-password-email/${encodeURIComponent(who)}`,
    known: USERS.customer.email,
    unknown: 'personne@test.sn',
  },
  {
    route: 'reset-password-email by phone',
    path: (who: string) => `/api/reset-password-email/${encodeURIComponent(who)}`,
    known: '77 111 22 33',
    unknown: '77 999 99 99',
  },
  {
    route: 'reset-password-sms',
    path: (who: string) => `/api/reset-password-sms/${encodeURIComponent(who)}`,
    known: '+221771112233',
    unknown: '+221779999998',
  },
  {
    route: 'reset-password-sms by e-mail',
    path: (who: string) => `/api/reset-password-sms/${encodeURIComponent(who)}`,
    known: USERS.customer.email,
    unknown: 'absent@test.sn',
  },
  {
    route: 'otp-resend',
    path: (who: string) => `/api/partner/${encodeURIComponent(who)}/otp-resend`,
    known: 'attente@test.sn',
    unknown: 'fantome@test.sn',
  },
  {
    route: 'otp-resend by phone',
    path: (who: string) => `/api/partner/${encodeURIComponent(who)}/otp-resend`,
    known: '770000001',
    unknown: '770000002',
  },
  {
    route: 'otp-resend of a verified account',
    path: (who: string) => `/api/partner/${encodeURIComponent(who)}/otp-resend`,
    known: USERS.member.email,
    unknown: 'inexistant@test.sn',
  },
] as const;

describe.each(testDatabases())('known and unknown accounts answer byte for byte alike on $name', (kind) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await setupApi(kind, { fakeDate: true });
    // An account waiting for its sign-up code, written directly so that no message has counted against its contacts yet.
    await t.database.db.insert(users).values({
      name: 'Awa Attente',
      email: 'attente@test.sn',
      partnerPhone: '221770000001',
      passwordHash: await hashPassword('Motdepasse1'),
      isVerified: false,
    });
  });
  afterAll(() => t.close());

  let net = 0;
  it.each(ROUTES)(
    '$route: every answer, sent, too soon, over the daily cap and over the address budget',
    async ({ path, known, unknown }) => {
      // A new day and two fresh addresses: both sides start from the same counts.
      t.clock.advance(25 * 3600);
      net += 1;
      const sides = { known: { who: known, ip: `198.18.${net}.1` }, unknown: { who: unknown, ip: `198.18.${net}.2` } };
      const answers = { known: [] as string[], unknown: [] as string[] };
      const sentBefore = t.mail.length;
      // Eleven asks, a minute and a second apart save the second: sent, too soon, then sent until the daily cap, then the address budget.
      for (let i = 0; i < 11; i++) {
        if (i !== 1) t.clock.advance(61);
        for (const side of ['known', 'unknown'] as const) {
          const res = await t.json(path(sides[side].who), { ip: sides[side].ip });
          answers[side].push(
            JSON.stringify([
              res.status,
              res.headers.get('Retry-After'),
              res.headers.get('Content-Type'),
              res.headers.get('Content-Length'),
              res.text,
            ]),
          );
        }
      }
      expect(answers.unknown).toEqual(answers.known);
      const statuses = answers.known.map((a) => JSON.parse(a)[0] as number);
      expect(statuses[0]).toBe(200);
      expect(statuses[1]).toBe(429);
      expect(statuses.at(-1)).toBe(429);
      const messages = new Set(answers.known.map((a) => JSON.parse(JSON.parse(a)[4]).message as string));
      expect([...messages].some((m) => m.includes('un par minute'))).toBe(true);
      expect([...messages].some((m) => m.includes('par jour'))).toBe(true);
      expect([...messages].some((m) => m.includes('depuis cette connexion'))).toBe(true);
      // The known side was real: something went out for it (save the verified account, which gets nothing).
      if (known !== USERS.member.email) expect(t.mail.length).toBeGreaterThan(sentBefore);
      else expect(t.mail.length).toBe(sentBefore);
    },
  );

  it('new-password answers a wrong code alike for a known and an unknown account, limited or not', async () => {
    const answers = { known: [] as string[], unknown: [] as string[] };
    for (let i = 0; i < 12; i++) {
      for (const [side, username, ip] of [
        ['known', USERS.customer.email, '198.19.0.1'],
        ['unknown', 'personne@test.sn', '198.19.0.2'],
      ] as const) {
        const res = await t.json('/api/new-password', { method: 'POST', body: { username, code: '1234', password: 'Nouveau#2026' }, ip });
        answers[side].push(JSON.stringify([res.status, res.headers.get('Retry-After'), res.text]));
      }
    }
    expect(answers.unknown).toEqual(answers.known);
    expect(JSON.parse(answers.known.at(-1)!)[0]).toBe(429);
  });
});
