import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { USERS } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('a new e-mail or phone is verified by a code before it replaces the old one on $name', (kind) => {
  let t: TestApi;
  let token: string;
  beforeAll(async () => {
    t = await setupApi(kind, { fakeDate: true });
    token = (await t.login('customer')).access_token;
  });
  afterAll(() => t.close());

  const me = () => t.ids.user.customer;
  const lastCode = (to: string) =>
    [...t.mail]
      .reverse()
      .find((x) => x.to === to)
      ?.text.match(/\b(\d{4})\b/)?.[1];
  const confirm = (field: string, code: string, as = token) =>
    t.json('/api/users/me/contact-verification', { method: 'POST', body: { field, code }, token: as, ip: '172.16.5.1' });
  const canLogIn = async (username: string, password: string) =>
    (
      await t.json(`/api/auth/get_tokens?username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}`, {
        ip: '172.16.5.2',
      })
    ).status === 200;

  it('an e-mail change puts the new address aside and sends the code there, not to the old one', async () => {
    const before = t.mail.length;
    const res = await t.json('/api/users/me', { method: 'PUT', body: { email: 'Moussa.Nouveau@test.sn' }, token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: me(),
      email: USERS.customer.email,
      is_verified: true,
      pending: { email: 'moussa.nouveau@test.sn' },
    });
    expect(t.mail.slice(before)).toEqual([
      expect.objectContaining({
        kind: 'email',
        to: 'moussa.nouveau@test.sn',
        subject: expect.stringContaining('confirmez votre nouvelle adresse e-mail'),
      }),
    ]);
    // Until confirmed, the old address is the account's.
    expect(await canLogIn('moussa.nouveau@test.sn', USERS.customer.password)).toBe(false);
    expect(await canLogIn(USERS.customer.email, USERS.customer.password)).toBe(true);
    const compte = await t.json(`/api/users/${me()}/compte`, { token });
    expect(compte.body).toMatchObject({
      email: USERS.customer.email,
      pending: { email: 'moussa.nouveau@test.sn' },
      user_info: { email: USERS.customer.email },
    });
  });

  it('a wrong code changes nothing; the right one swaps the address in and tells the old one', async () => {
    const code = lastCode('moussa.nouveau@test.sn')!;
    expect(await confirm('email', code === '0000' ? '0001' : '0000')).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('Code invalide ou expiré') },
    });
    expect(await confirm('partner_phone', code)).toMatchObject({ status: 400 });
    const before = t.mail.length;
    const ok = await confirm('email', code);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: 'moussa.nouveau@test.sn', is_verified: true, pending: {} });
    expect(t.mail.slice(before)).toEqual([
      expect.objectContaining({ kind: 'email', to: USERS.customer.email, subject: expect.stringContaining('a changé') }),
    ]);
    expect(await canLogIn('moussa.nouveau@test.sn', USERS.customer.password)).toBe(true);
    expect(await canLogIn(USERS.customer.email, USERS.customer.password)).toBe(false);
    expect((await confirm('email', code)).status).toBe(400);
  });

  it('a phone change through the §7 update route texts the new number, and the code swaps it in', async () => {
    const before = t.mail.length;
    const res = await t.json(`/api/users/${me()}/update`, {
      method: 'PUT',
      body: { partner_phone: '78 123 45 67', name: 'Moussa Ndiaye' },
      token,
    });
    expect(res.body).toMatchObject({
      name: 'Moussa Ndiaye',
      partner_phone: USERS.customer.phone,
      pending: { partner_phone: '221781234567' },
    });
    expect(t.mail.slice(before)).toEqual([expect.objectContaining({ kind: 'sms', to: '221781234567' })]);
    const ok = await confirm('partner_phone', lastCode('221781234567')!);
    expect(ok.body).toMatchObject({ partner_phone: '221781234567', pending: {} });
    expect(await canLogIn('781234567', USERS.customer.password)).toBe(true);
  });

  it('the other §7 update routes put a new e-mail aside too', async () => {
    t.clock.advance(61);
    const byPartner = await t.json(`/api/partner/${me()}/update`, { method: 'POST', body: { email: 'autre.adresse@test.sn' }, token });
    expect(byPartner.body).toMatchObject({ email: 'moussa.nouveau@test.sn', pending: { email: 'autre.adresse@test.sn' } });
    t.clock.advance(61);
    const byEmail = await t.json('/api/partner-create/moussa.nouveau%40test.sn/update', {
      method: 'POST',
      body: { email: 'encore.autre@test.sn' },
      token,
    });
    // A newer request replaces the one waiting: only its code works.
    expect(byEmail.body).toMatchObject({ email: 'moussa.nouveau@test.sn', pending: { email: 'encore.autre@test.sn' } });
    expect((await confirm('email', lastCode('autre.adresse@test.sn')!)).status).toBe(400);
  });

  it('an address another account holds is not told at the request; the confirmation answers 409 and changes nothing', async () => {
    t.clock.advance(61);
    const res = await t.json('/api/users/me', { method: 'PUT', body: { email: USERS.member.email }, token });
    expect(res).toMatchObject({ status: 200, body: { pending: { email: USERS.member.email } } });
    const taken = await confirm('email', lastCode(USERS.member.email)!);
    expect(taken).toMatchObject({
      status: 409,
      body: { message: 'Cette adresse e-mail ou ce numéro de téléphone est déjà utilisé par un autre compte.' },
    });
    expect((await t.json(`/api/users/${me()}`, { token })).body.email).toBe('moussa.nouveau@test.sn');
  });

  it('asking again within the minute for the same address answers 429 with the wait', async () => {
    t.clock.advance(61);
    expect((await t.json('/api/users/me', { method: 'PUT', body: { email: 'vite@test.sn' }, token })).status).toBe(200);
    const again = await t.json('/api/users/me', { method: 'PUT', body: { email: 'vite@test.sn', name: 'Pas Changé' }, token });
    expect(again).toMatchObject({ status: 429, body: { message: expect.stringContaining('un par minute') } });
    expect(again.headers.get('Retry-After')).toBe('60');
    // Refused as a whole: the name did not change either.
    expect((await t.json(`/api/users/${me()}`, { token })).body.name).toBe('Moussa Ndiaye');
  });

  it('confirming needs a session and a well-formed body', async () => {
    expect((await t.json('/api/users/me/contact-verification', { method: 'POST', body: { field: 'email', code: '1234' } })).status).toBe(
      401,
    );
    expect((await confirm('role', '1234')).body.message).toBe('Le champ « field » doit valoir email ou partner_phone.');
    expect((await confirm('email', '12')).status).toBe(400);
  });
});
