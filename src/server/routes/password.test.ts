import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { USERS } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('password reset on $name', (kind) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await setupApi(kind, { fakeDate: true });
  });
  afterAll(() => t.close());

  const getTokens = (u: string, p: string) =>
    t.json(`/api/auth/get_tokens?username=${encodeURIComponent(u)}&password=${encodeURIComponent(p)}`, { ip: '192.0.2.250' });
  const lastCode = (to: string) =>
    [...t.mail]
      .reverse()
      .find((x) => x.to === to)
      ?.text.match(/\b(\d{4})\b/)?.[1];
  const sentTo = (to: string) => t.mail.filter((m) => m.to === to);
  const reset = (route: 'email' | 'sms', who: string, ip = '192.0.2.1') =>
    t.json(`/api/reset-password-${route}/${encodeURIComponent(who)}`, { ip });
  const newPassword = (body: { username: string; code: string; password: string }, ip = '192.0.2.2') =>
    t.json('/api/new-password', { method: 'POST', body, ip });
  const other = (code: string) => (code === '0000' ? '0001' : '0000');
  const SENT = { message: 'Si un compte correspond, un code de réinitialisation vient d’être envoyé. Il est valable 10 minutes.' };

  it('reset-password-sms takes the phone in any §5 spelling, or the e-mail, and texts the account’s own phone', async () => {
    expect(await reset('sms', '+221 77 111 22 33')).toMatchObject({ status: 200, body: SENT });
    expect(sentTo(USERS.customer.phone)).toHaveLength(1);
    expect(sentTo(USERS.customer.phone)[0]).toMatchObject({ kind: 'sms', text: expect.stringContaining('code de réinitialisation') });
    t.clock.advance(61);
    expect(await reset('sms', USERS.customer.email.toUpperCase())).toMatchObject({ status: 200, body: SENT });
    expect(sentTo(USERS.customer.phone)).toHaveLength(2);
    // Nothing went to the e-mail address: this is the SMS route.
    expect(sentTo(USERS.customer.email)).toHaveLength(0);
  });

  it('reset-password-email takes the e-mail or the phone, and mails the account’s own address', async () => {
    t.clock.advance(61);
    expect(await reset('email', USERS.customer.email)).toMatchObject({ status: 200, body: SENT });
    t.clock.advance(61);
    expect(await reset('email', '771112233')).toMatchObject({ status: 200, body: SENT });
    expect(sentTo(USERS.customer.email)).toHaveLength(2);
    expect(sentTo(USERS.customer.email)[0]).toMatchObject({ kind: 'email', subject: expect.stringContaining('réinitialisation') });
  });

  it('answers are never cached: a cached “sent” would send nothing', async () => {
    t.clock.advance(61);
    for (const path of [
      '/api/reset-password-email/personne%40test.sn',
      '/api/reset-password-sms/779999999',
      '/api/partner/quelquun%40test.sn/otp-resend',
    ]) {
      const res = await t.json(path, { ip: '192.0.2.9' });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('Cache-Control'), path).toBe('no-store');
    }
  });

  it('never takes a numeric id: an id is refused in French, and nothing is sent', async () => {
    const before = t.mail.length;
    for (const who of [String(t.ids.user.customer), '42', 'n’importe quoi']) {
      for (const route of ['sms', 'email'] as const) {
        const res = await reset(route, who);
        expect(res).toMatchObject({ status: 400, body: { message: 'Indiquez une adresse e-mail ou un numéro de téléphone valide.' } });
      }
    }
    expect(t.mail.length).toBe(before);
  });

  it('an account with no phone gets nothing by SMS, and the answer is the same', async () => {
    const before = t.mail.length;
    expect(await reset('sms', USERS.member.email)).toMatchObject({ status: 200, body: SENT });
    expect(t.mail.length).toBe(before);
  });

  it('a reset sets the password, ends every session, and the code works once', async () => {
    t.clock.advance(61);
    const old = await t.login('member');
    expect((await reset('email', USERS.member.email)).status).toBe(200);
    const code = lastCode(USERS.member.email)!;
    const wrong = await newPassword({ username: USERS.member.email, code: other(code), password: 'Nouveau#2026' });
    expect(wrong.status).toBe(400);
    const unknown = await newPassword({ username: 'personne@test.sn', code, password: 'Nouveau#2026' });
    expect(unknown).toMatchObject({ status: 400, body: wrong.body });
    const ok = await newPassword({ username: USERS.member.email, code, password: 'Nouveau#2026' });
    expect(ok.status).toBe(200);
    expect((await t.json(`/api/users/${t.ids.user.member}`, { token: old.access_token })).status).toBe(401);
    expect((await t.json('/api/auth/refresh_token', { method: 'POST', body: { refresh_token: old.refresh_token } })).status).toBe(401);
    expect((await getTokens(USERS.member.email, USERS.member.password)).status).toBe(401);
    expect((await getTokens(USERS.member.email, 'Nouveau#2026')).status).toBe(200);
    expect((await newPassword({ username: USERS.member.email, code, password: 'Autre#2026x' })).status).toBe(400);
    expect(t.loggedText()).not.toMatch(/Nouveau#2026|Nouveau%232026/);
    expect(t.loggedText()).not.toContain(code);
  });

  it('a reset by SMS works with the code texted, the account named by its phone', async () => {
    // Named three times today (the e-mail route counts the phone it was given too): the 4th waits for tomorrow.
    expect(await reset('sms', '77 111 22 33')).toMatchObject({
      status: 429,
      body: { message: expect.stringContaining('ce numéro (3 par jour)') },
    });
    t.clock.advance(24 * 3600);
    expect((await reset('sms', '77 111 22 33')).status).toBe(200);
    const code = lastCode(USERS.customer.phone)!;
    const ok = await newPassword({ username: '77 111 22 33', code, password: 'Client#2027' });
    expect(ok.status).toBe(200);
    expect((await getTokens(USERS.customer.email, 'Client#2027')).status).toBe(200);
  });

  it('reset codes cannot be sprayed: wrong codes count per address across accounts, and a right one then waits too', async () => {
    t.clock.advance(61);
    expect((await reset('email', USERS.admin.email, '192.0.2.30')).status).toBe(200);
    const code = lastCode(USERS.admin.email)!;
    const sprayer = '192.0.2.31';
    // One guess on each of ten accounts, known or not: none of them uses up an account's own 5 tries.
    for (let i = 0; i < 10; i++) {
      const who = i === 0 ? USERS.customer.email : `inconnu${i}@test.sn`;
      expect((await newPassword({ username: who, code: '1234', password: 'Pirate#2026' }, sprayer)).status).toBe(400);
    }
    const stopped = await newPassword({ username: USERS.admin.email, code, password: 'Pirate#2026' }, sprayer);
    expect(stopped.status).toBe(429);
    expect(stopped.body.message).toBe('Trop de codes erronés depuis cette connexion. Veuillez réessayer dans 1 heure.');
    expect(Number(stopped.headers.get('Retry-After'))).toBe(3600);
    expect((await getTokens(USERS.admin.email, USERS.admin.password)).status).toBe(200);
    // The owner, elsewhere, still uses the code.
    expect((await newPassword({ username: USERS.admin.email, code, password: 'Admin#2027x' }, '192.0.2.32')).status).toBe(200);
  });

  it('right codes are given back: one address may serve many shoppers', async () => {
    const shared = '192.0.2.40';
    const emails = ['garant@test.sn', USERS.unverified.email, USERS.admin.email, USERS.member.email, USERS.customer.email];
    // Eleven right codes within the hour from one address: more than the 10 wrong ones it may send.
    for (let i = 0; i < 11; i++) {
      const email = emails[i % emails.length]!;
      t.clock.advance(61);
      expect((await reset('email', email, `192.0.2.${50 + i}`)).status).toBe(200);
      const ok = await newPassword({ username: email, code: lastCode(email)!, password: `Secret#${2030 + i}` }, shared);
      expect(ok.status).toBe(200);
    }
  });
});
