import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('sign-up and OTP on $name', (kind) => {
  let t: TestApi;
  beforeAll(async () => { t = await setupApi(kind); });
  afterAll(() => t.close());

  let n = 0;
  const signup = async () => {
    n += 1;
    const email = `awa${n}@test.sn`;
    const phone = `77 200 ${String(n).padStart(2, '0')} 00`;
    const res = await t.json('/api/new_compte', { method: 'POST', body: { name: 'Awa Diop', email, partner_phone: phone, password: 'Motdepasse1' } });
    return { res, email, phoneStored: `22177200${String(n).padStart(2, '0')}00` };
  };
  const lastCode = (to: string) => {
    const m = [...t.mail].reverse().find((x) => x.to === to);
    return m?.text.match(/\b(\d{4})\b/)?.[1];
  };
  const verify = (email: string, code: string) => t.json('/api/partner/otp-verification', { method: 'POST', body: { email, code } });
  const other = (code: string) => (code === '0000' ? '0001' : '0000');
  const getTokens = (u: string, p: string) => t.json(`/api/auth/get_tokens?username=${encodeURIComponent(u)}&password=${encodeURIComponent(p)}`);

  it('creates an unverified account and sends the same 4-digit code by e-mail and SMS', async () => {
    const { res, email, phoneStored } = await signup();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), email });
    const code = lastCode(email);
    expect(code).toMatch(/^\d{4}$/);
    expect(lastCode(phoneStored)).toBe(code);
    expect(t.mail.find((m) => m.to === email)).toMatchObject({ kind: 'email', subject: expect.stringContaining('code de vérification') });
    expect((await getTokens(email, 'Motdepasse1')).body.is_verified).toBe(false);
    expect(t.logs.join('\n')).not.toContain(code);
    expect(t.logs.join('\n')).not.toContain('Motdepasse1');
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

  it('a resent code kills the old one; resends are limited to 1 a minute and 5 an hour', async () => {
    const { res, email } = await signup();
    const first = lastCode(email)!;
    expect((await t.json(`/api/partner/${res.body.id}/otp-resend`)).status).toBe(429);
    t.clock.advance(61);
    const again = await t.json(`/api/partner/${encodeURIComponent(email)}/otp-resend`);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Un nouveau code a été envoyé');
    const second = lastCode(email)!;
    if (first !== second) expect((await verify(email, first)).status).toBe(400);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(61);
      expect((await t.json(`/api/partner/${res.body.id}/otp-resend`)).status).toBe(200);
    }
    t.clock.advance(61);
    expect((await t.json(`/api/partner/${res.body.id}/otp-resend`)).status).toBe(429);
    t.clock.advance(3600);
    expect((await t.json(`/api/partner/${res.body.id}/otp-resend`)).status).toBe(200);
    expect((await verify(email, lastCode(email)!)).status).toBe(200);
  });

  it('concurrent resends send one code at most', async () => {
    const { res, email } = await signup();
    t.clock.advance(61);
    const before = t.mail.filter((m) => m.to === email).length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.json(`/api/partner/${res.body.id}/otp-resend`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(9);
    expect(t.mail.filter((m) => m.to === email).length).toBe(before + 1);
  });

  it('limits sends per phone number across accounts', async () => {
    const a = await t.json('/api/new_compte', { method: 'POST', body: { name: 'Un', email: 'tel1@test.sn', partner_phone: '778889900', password: 'Motdepasse1' } });
    expect(a.status).toBe(201);
    await t.json(`/api/users/${a.body.id}`, { method: 'DELETE', token: (await t.login('admin')).access_token });
    const before = t.mail.length;
    const b = await t.json('/api/new_compte', { method: 'POST', body: { name: 'Deux', email: 'tel2@test.sn', partner_phone: '+221 77 888 99 00', password: 'Motdepasse1' } });
    expect(b.status).toBe(201);
    // Same phone within the minute: the account is created but nothing is texted or mailed.
    expect(t.mail.length).toBe(before);
    t.clock.advance(61);
    expect((await t.json(`/api/partner/${b.body.id}/otp-resend`)).status).toBe(200);
    expect(t.mail.length).toBe(before + 2);
    const c = await t.json('/api/new_compte', { method: 'POST', body: { name: 'Trois', email: 'tel3@test.sn', partner_phone: '778889900', password: 'Motdepasse1' } });
    expect(c.status).toBe(409);
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
    for (let i = 0; i < 5; i++) expect((await verify(email, other(code))).status).toBe(400);
    expect((await verify(email, code)).status).toBe(400);
  });

  it('20 concurrent wrong guesses use up at most 5 tries', async () => {
    const { email } = await signup();
    const code = lastCode(email)!;
    await Promise.all(Array.from({ length: 20 }, () => verify(email, other(code))));
    expect((await verify(email, code)).status).toBe(400);
  });

  it('4 wrong tries still leave the right code usable', async () => {
    const { email } = await signup();
    const code = lastCode(email)!;
    for (let i = 0; i < 4; i++) await verify(email, other(code));
    expect((await verify(email, code)).status).toBe(200);
  });

  it('refuses bad bodies in French and writes nothing', async () => {
    const before = t.mail.length;
    const bad = await t.json('/api/new_compte', { method: 'POST', body: { name: 'X Y', email: 'x@test.sn', partner_phone: '12345', password: 'Motdepasse1' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Le numéro de téléphone est invalide.');
    const role = await t.json('/api/new_compte', { method: 'POST', body: { name: 'X Y', email: 'x@test.sn', partner_phone: '771234567', password: 'Motdepasse1', role: 'admin' } });
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
