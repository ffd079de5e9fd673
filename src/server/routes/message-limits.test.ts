import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('what sends e-mails and texts is limited on $name', (kind) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await setupApi(kind, { fakeDate: true });
  });
  afterAll(() => t.close());

  const signup = (i: number, ip: string, phone = `7630000${String(i).padStart(2, '0')}`) =>
    t.json('/api/new_compte', {
      method: 'POST',
      body: { name: 'Awa Diop', email: `lot${i}@test.sn`, partner_phone: phone, password: 'Motdepasse1' },
      ip,
    });
  const texts = (phone: string) => t.mail.filter((m) => m.kind === 'sms' && m.to === phone).length;
  const userCount = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email))).length;

  it('the 6th sign-up from one address within the hour gets 429 in French, creates nothing and sends nothing', async () => {
    const ip = '203.0.113.10';
    for (let i = 1; i <= 5; i++) expect((await signup(i, ip)).status).toBe(201);
    const before = t.mail.length;
    const sixth = await signup(6, ip);
    expect(sixth).toMatchObject({
      status: 429,
      body: { message: 'Trop d’inscriptions depuis cette connexion. Veuillez réessayer dans 1 heure.' },
    });
    expect(sixth.headers.get('Retry-After')).toBe('3600');
    expect(t.mail.length).toBe(before);
    expect(await userCount('lot6@test.sn')).toBe(0);
    // Another address signs up; the first one does again an hour later.
    expect((await signup(7, '203.0.113.11')).status).toBe(201);
    t.clock.advance(3601);
    expect((await signup(6, ip)).status).toBe(201);
  });

  it('the 4th text to one phone in a day gets 429 and sends nothing, whichever route asks', async () => {
    const phone = '221763333333';
    const signedUp = await signup(20, '203.0.113.20', phone);
    expect(signedUp.status).toBe(201);
    expect(texts(phone)).toBe(1);
    t.clock.advance(61);
    expect((await t.json(`/api/partner/${phone}/otp-resend`, { ip: '203.0.113.21' })).status).toBe(200);
    t.clock.advance(61);
    expect((await t.json('/api/reset-password-sms/76%20333%2033%2033', { ip: '203.0.113.22' })).status).toBe(200);
    expect(texts(phone)).toBe(3);
    t.clock.advance(61);
    const before = t.mail.length;
    const fourth = await t.json(`/api/reset-password-sms/${phone}`, { ip: '203.0.113.23' });
    expect(fourth).toMatchObject({
      status: 429,
      body: {
        message: expect.stringMatching(
          /^Trop de codes demandés aujourd’hui pour ce numéro \(3 par jour\)\. Veuillez réessayer dans \d+ heures\.$/,
        ),
      },
    });
    expect(Number(fourth.headers.get('Retry-After'))).toBeGreaterThan(23 * 3600);
    expect(t.mail.length).toBe(before);
    // Named by its e-mail, the account still gets its code by e-mail; its phone, over its cap, gets nothing.
    const byEmail = await t.json('/api/partner/lot20%40test.sn/otp-resend', { ip: '203.0.113.24' });
    expect(byEmail.status).toBe(200);
    expect(t.mail.slice(before)).toEqual([expect.objectContaining({ kind: 'email', to: 'lot20@test.sn' })]);
    // A new account on that phone (the old one deleted) is refused too, and is not created.
    await t.database.db.delete(users).where(eq(users.email, 'lot20@test.sn'));
    t.clock.advance(61);
    const again = await t.json('/api/new_compte', {
      method: 'POST',
      body: { name: 'Awa Diop', email: 'lot21@test.sn', partner_phone: phone, password: 'Motdepasse1' },
      ip: '203.0.113.25',
    });
    expect(again.status).toBe(429);
    expect(await userCount('lot21@test.sn')).toBe(0);
    expect(texts(phone)).toBe(3);
    // The next day it may receive codes again.
    t.clock.advance(24 * 3600);
    expect((await t.json(`/api/reset-password-sms/${phone}`, { ip: '203.0.113.23' })).status).toBe(200);
  });

  it('one address asks for 10 codes an hour at most, across routes and destinations', async () => {
    const ip = '203.0.113.30';
    const paths = (i: number) => [
      `/api/reset-password-email/inconnu${i}%40test.sn`,
      `/api/reset-password-sms/7640000${String(i).padStart(2, '0')}`,
      `/api/partner/autre${i}%40test.sn/otp-resend`,
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) for (const p of paths(i)) statuses.push((await t.json(p, { ip })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
    const last = await t.json(paths(9)[0]!, { ip });
    expect(last.body.message).toBe('Trop de demandes de code depuis cette connexion. Veuillez réessayer dans 1 heure.');
  });

  it('one e-mail address receives 5 codes a day at most', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      t.clock.advance(61);
      statuses.push((await t.json('/api/reset-password-email/garant%40test.sn', { ip: `203.0.113.${40 + i}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(t.mail.filter((m) => m.to === 'garant@test.sn')).toHaveLength(5);
  });
});
