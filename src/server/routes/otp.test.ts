import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpCodes } from '../db/schema-accounts.ts';
import { rateLimits } from '../db/schema-orders.ts';
import { users } from '../db/schema.ts';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('sign-up and OTP on $name', (kind) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await setupApi(kind, { fakeDate: true });
  });
  afterAll(() => t.close());

  let n = 0;
  // Each sign-up from its own address: the per-address budget has its own tests (message-limits.test.ts).
  const signup = async (over: Record<string, string> = {}) => {
    n += 1;
    const email = `awa${n}@test.sn`;
    const phone = `77 200 ${String(n).padStart(2, '0')} 00`;
    const body = { name: 'Awa Diop', email, partner_phone: phone, password: 'Motdepasse1', ...over };
    const res = await t.json('/api/new_compte', { method: 'POST', body, ip: `10.1.0.${n}` });
    return { res, email: body.email, phoneStored: `22177200${String(n).padStart(2, '0')}00` };
  };
  const lastCode = (to: string) =>
    [...t.mail]
      .reverse()
      .find((x) => x.to === to)
      ?.text.match(/\b(\d{4})\b/)?.[1];
  const verify = (email: string, code: string, ip = '10.2.0.1') =>
    t.json('/api/partner/otp-verification', { method: 'POST', body: { email, code }, ip });
  const resend = (who: string, ip = '10.3.0.1') => t.json(`/api/partner/${encodeURIComponent(who)}/otp-resend`, { ip });
  const other = (code: string) => (code === '0000' ? '0001' : '0000');
  const getTokens = (u: string, p: string) =>
    t.json(`/api/auth/get_tokens?username=${encodeURIComponent(u)}&password=${encodeURIComponent(p)}`, { ip: '10.9.0.1' });

  it('creates an unverified account and sends the same 4-digit code by e-mail and SMS', async () => {
    const { res, email, phoneStored } = await signup();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), email });
    const code = lastCode(email);
    expect(code).toMatch(/^\d{4}$/);
    expect(lastCode(phoneStored)).toBe(code);
    expect(t.mail.find((m) => m.to === email)).toMatchObject({ kind: 'email', subject: expect.stringContaining('code de vérification') });
    expect((await getTokens(email, 'Motdepasse1')).body.is_verified).toBe(false);
    expect(t.loggedText()).not.toContain(code);
    expect(t.loggedText()).not.toContain('Motdepasse1');
  });

  it('verifies with the right code, once', async () => {
    const { email } = await signup();
    const code = lastCode(email)!;
    expect((await verify(email, other(code))).status).toBe(400);
    const ok = await verify(email, code);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Vérification code réussie !');
    expect((await getTokens(email, 'Motdepasse1')).body.is_verified).toBe(true);
    expect((await verify(email, code)).status).toBe(400);
  });

  it('is one transaction: a failure after the user row leaves no user, no code, no count and nothing sent', async () => {
    const db = t.database.db;
    await db.execute(
      sql.raw(`create function fail_otp_codes() returns trigger language plpgsql as $$ begin raise exception 'panne injectée'; end $$`),
    );
    await db.execute(sql.raw('create trigger fail_otp_codes before insert on otp_codes for each row execute function fail_otp_codes()'));
    const before = t.mail.length;
    const email = 'panne@test.sn';
    const failed = await t.json('/api/new_compte', {
      method: 'POST',
      body: { name: 'Awa Panne', email, partner_phone: '770001122', password: 'Motdepasse1' },
      ip: '10.4.0.1',
    });
    expect(failed).toMatchObject({ status: 500, body: { message: 'Erreur interne du serveur. Veuillez réessayer.' } });
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await db.select().from(rateLimits).where(sql`${rateLimits.key} like ${'%221770001122'}`)).toEqual([]);
    expect(t.mail.length).toBe(before);

    await db.execute(sql.raw('drop trigger fail_otp_codes on otp_codes'));
    await db.execute(sql.raw('drop function fail_otp_codes()'));
    // The e-mail is free, and the phone has not lost its minute: the same sign-up goes through at once.
    const again = await t.json('/api/new_compte', {
      method: 'POST',
      body: { name: 'Awa Panne', email, partner_phone: '770001122', password: 'Motdepasse1' },
      ip: '10.4.0.1',
    });
    expect(again.status).toBe(201);
    expect((await verify(email, lastCode(email)!)).status).toBe(200);
  });

  it('a taken e-mail or phone answers 409 in French and sends nothing', async () => {
    const { email, phoneStored } = await signup();
    const before = t.mail.length;
    const sameEmail = await t.json('/api/new_compte', {
      method: 'POST',
      body: { name: 'Autre', email: email.toUpperCase(), partner_phone: '770009988', password: 'Motdepasse1' },
      ip: '10.5.0.1',
    });
    expect(sameEmail).toMatchObject({
      status: 409,
      body: {
        message:
          'Un compte existe déjà avec cette adresse e-mail ou ce numéro de téléphone. Connectez-vous, ou demandez un nouveau mot de passe.',
      },
    });
    const samePhone = await t.json('/api/new_compte', {
      method: 'POST',
      body: { name: 'Autre', email: 'autre@test.sn', partner_phone: phoneStored, password: 'Motdepasse1' },
      ip: '10.5.0.1',
    });
    expect(samePhone).toMatchObject({ status: 409, body: sameEmail.body });
    expect(t.mail.length).toBe(before);
  });

  it('a resent code kills the old one; the account is named by its e-mail or its phone, one code a minute', async () => {
    const { email, phoneStored } = await signup();
    const first = lastCode(email)!;
    const soon = await resend(email);
    expect(soon).toMatchObject({
      status: 429,
      body: { message: 'Un code vient d’être demandé pour ce contact (un par minute). Veuillez réessayer dans 1 minute.' },
    });
    expect(soon.headers.get('Retry-After')).toBe('60');
    t.clock.advance(30);
    expect((await resend(email)).headers.get('Retry-After')).toBe('30');
    t.clock.advance(31);
    const again = await resend(email);
    expect(again).toMatchObject({ status: 200, body: { message: 'Un nouveau code a été envoyé' } });
    const second = lastCode(email)!;
    expect(lastCode(phoneStored)).toBe(second);
    if (first !== second) expect((await verify(email, first)).status).toBe(400);
    t.clock.advance(61);
    expect((await resend(phoneStored.slice(3))).status).toBe(200);
    expect((await verify(email, lastCode(email)!)).status).toBe(200);
  });

  it('resend never takes a numeric id', async () => {
    const { res } = await signup();
    t.clock.advance(61);
    const before = t.mail.length;
    expect(await resend(String(res.body.id))).toMatchObject({
      status: 400,
      body: { message: 'Indiquez une adresse e-mail ou un numéro de téléphone valide.' },
    });
    expect(t.mail.length).toBe(before);
  });

  it('concurrent resends send one code at most', async () => {
    const { email } = await signup();
    t.clock.advance(61);
    const before = t.mail.filter((m) => m.to === email).length;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => resend(email, `10.6.0.${i}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    expect(t.mail.filter((m) => m.to === email).length).toBe(before + 1);
  });

  it('expires a code after 10 minutes', async () => {
    const { email } = await signup();
    const code = lastCode(email)!;
    t.clock.advance(601);
    expect((await verify(email, code)).status).toBe(400);
  });

  it('kills a code after 5 wrong tries', async () => {
    const { email } = await signup();
    const code = lastCode(email)!;
    for (let i = 0; i < 5; i++) expect((await verify(email, other(code), '10.7.0.1')).status).toBe(400);
    expect((await verify(email, code, '10.7.0.2')).status).toBe(400);
  });

  it('20 concurrent wrong guesses use up at most 5 tries', async () => {
    const { email } = await signup();
    const code = lastCode(email)!;
    await Promise.all(Array.from({ length: 20 }, (_, i) => verify(email, other(code), `10.8.0.${i}`)));
    expect((await verify(email, code)).status).toBe(400);
    const [row] = await t.database.db.select({ attempts: otpCodes.attempts }).from(otpCodes).orderBy(sql`${otpCodes.id} desc`).limit(1);
    expect(row!.attempts).toBe(5);
  });

  it('4 wrong tries still leave the right code usable', async () => {
    const { email } = await signup();
    const code = lastCode(email)!;
    for (let i = 0; i < 4; i++) await verify(email, other(code), '10.2.1.1');
    expect((await verify(email, code, '10.2.1.1')).status).toBe(200);
  });

  it('refuses bad bodies in French and writes nothing', async () => {
    const before = t.mail.length;
    const bad = await t.json('/api/new_compte', {
      method: 'POST',
      body: { name: 'X Y', email: 'x@test.sn', partner_phone: '12345', password: 'Motdepasse1' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Le numéro de téléphone est invalide.');
    const role = await t.json('/api/new_compte', {
      method: 'POST',
      body: { name: 'X Y', email: 'x@test.sn', partner_phone: '771234567', password: 'Motdepasse1', role: 'admin' },
    });
    expect(role.status).toBe(400);
    expect((await verify('x@test.sn', '12')).body.message).toContain('Veuillez entrer les 4 chiffres du code OTP');
    expect(t.mail.length).toBe(before);
  });

  it('stores the phone normalised', async () => {
    const { res, phoneStored } = await signup();
    const admin = await t.login('admin');
    expect((await t.json(`/api/users/${res.body.id}`, { token: admin.access_token })).body.partner_phone).toBe(phoneStored);
  });
});
