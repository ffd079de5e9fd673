import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshAnswerSchema, tokensSchema } from '../../domain/auth.ts';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { USERS } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('tokens on $name', (kind) => {
  let t: TestApi;
  const getTokens = (username: string, password: string) =>
    t.json(`/api/auth/get_tokens?username=${encodeURIComponent(username)}&password=${encodeURIComponent(password)}`);
  const refresh = (refresh_token: string) => t.json('/api/auth/refresh_token', { method: 'POST', body: { refresh_token } });
  // A protected route every customer may call: reading an admin-only write shows 403 (valid token) vs 401 (invalid).
  const probe = (token: string) => t.json('/api/categories', { method: 'POST', body: { name: 'PROBE' }, token });

  beforeAll(async () => {
    t = await setupApi(kind);
  });
  afterAll(() => t.close());

  it('get_tokens answers tokens and the §3 session values', async () => {
    const res = await getTokens(USERS.member.email, USERS.member.password);
    expect(res.status).toBe(200);
    const body = tokensSchema.parse(res.body);
    expect(body.expires_in).toBeLessThanOrEqual(900);
    expect(body.user_info).toEqual({
      id: t.ids.user.member,
      name: 'Fatou Membre',
      partner_phone: null,
      email: USERS.member.email,
      adhesion: 'accepted',
      parent_id: t.ids.user.parent,
    });
    expect(body.parent).toEqual({ id: t.ids.user.parent, name: 'Entreprise Garante' });
    expect(body.company).toEqual({ id: expect.any(Number), name: 'Boutique Test SARL' });
    expect(body.user_context).toEqual({ lang: 'fr_FR', tz: 'Africa/Dakar', uid: t.ids.user.member });
    expect(body.is_verified).toBe(true);
    expect(body.is_admin).toBe(false);
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
  });

  it('tells an admin they run the back office (the frame shows them its link), and nobody else', async () => {
    expect(tokensSchema.parse((await getTokens(USERS.admin.email, USERS.admin.password)).body).is_admin).toBe(true);
    expect(tokensSchema.parse((await getTokens(USERS.customer.email, USERS.customer.password)).body).is_admin).toBe(false);
  });

  it('accepts the e-mail in any case and the phone number with or without 221', async () => {
    expect((await getTokens(USERS.customer.email.toUpperCase(), USERS.customer.password)).status).toBe(200);
    expect((await getTokens('77 111 22 33', USERS.customer.password)).status).toBe(200);
    expect((await getTokens(USERS.customer.phone, USERS.customer.password)).status).toBe(200);
  });

  it('says the same for an unknown user and a wrong password', async () => {
    const unknown = await getTokens('personne@test.sn', 'Whatever#1');
    const wrong = await getTokens(USERS.customer.email, 'Mauvais#1');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(unknown.body).toEqual({ message: 'Identifiant ou mot de passe incorrect.' });
  });

  it('reports an unverified account as not verified', async () => {
    const res = await getTokens(USERS.unverified.email, USERS.unverified.password);
    expect(res.status).toBe(200);
    expect(res.body.is_verified).toBe(false);
  });

  it('400 in French without username or password', async () => {
    const res = await t.json('/api/auth/get_tokens?username=a@b.sn');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('« password »');
  });

  it('never logs the query string of get_tokens', async () => {
    await getTokens(USERS.customer.email, USERS.customer.password);
    await getTokens(USERS.customer.email, 'SecretTresPrive#9');
    const authLines = t.logs.filter((l) => l.includes('/api/auth/get_tokens'));
    expect(authLines.length).toBeGreaterThanOrEqual(2);
    expect(t.loggedText()).not.toMatch(/SecretTresPrive|Client%23Test1|Client#Test1|password=/);
  });

  it('access tokens work, then expire after at most 15 minutes', async () => {
    const { access_token } = await t.login('customer');
    expect((await probe(access_token)).status).toBe(403);
    t.clock.advance(899);
    expect((await probe(access_token)).status).toBe(403);
    t.clock.advance(2);
    expect((await probe(access_token)).status).toBe(401);
  });

  it('refresh rotates: new access and refresh tokens, the old refresh token dies', async () => {
    const first = await t.login('customer');
    t.clock.advance(1000);
    expect((await probe(first.access_token)).status).toBe(401);
    const r1 = await refresh(first.refresh_token);
    expect(r1.status).toBe(200);
    const next = refreshAnswerSchema.parse(r1.body);
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect((await probe(next.access_token)).status).toBe(403);
    const r2 = await refresh(next.refresh_token);
    expect(r2.status).toBe(200);
  });

  it('replaying a used refresh token revokes its whole family', async () => {
    const first = await t.login('customer');
    const r1 = refreshAnswerSchema.parse((await refresh(first.refresh_token)).body);
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toMatch(/Session expirée/);
    // The thief's replay also kills the legitimate holder's newer tokens.
    expect((await refresh(r1.refresh_token)).status).toBe(401);
    expect((await probe(r1.access_token)).status).toBe(401);
    // Other sessions of the same user live on.
    const other = await t.login('customer');
    expect((await probe(other.access_token)).status).toBe(403);
  });

  it('two concurrent uses of one refresh token: one wins, the family is revoked', async () => {
    const first = await t.login('member');
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    const winner = (a.status === 200 ? a : b).body;
    expect((await refresh(winner.refresh_token)).status).toBe(401);
  });

  it('refresh tokens expire', async () => {
    const first = await t.login('customer');
    t.clock.advance(31 * 24 * 3600);
    expect((await refresh(first.refresh_token)).status).toBe(401);
  });

  it('delete_tokens revokes the session: refresh and access tokens stop at once', async () => {
    const s = await t.login('customer');
    const res = await t.json('/api/auth/delete_tokens', { method: 'POST', body: { refreshToken: s.refresh_token } });
    expect(res).toMatchObject({ status: 200, body: { message: 'Déconnexion effectuée.' } });
    expect((await refresh(s.refresh_token)).status).toBe(401);
    expect((await probe(s.access_token)).status).toBe(401);
    const unknown = await t.json('/api/auth/delete_tokens', { method: 'POST', body: { refreshToken: 'nope' } });
    expect(unknown.status).toBe(200);
  });

  it('refresh_token and delete_tokens validate their bodies', async () => {
    expect((await t.json('/api/auth/refresh_token', { method: 'POST', body: {} })).body.message).toContain('« refresh_token »');
    expect((await t.json('/api/auth/refresh_token', { method: 'POST', body: 'x', headers: { 'Content-Type': 'text/plain' } })).status).toBe(
      415,
    );
    expect((await t.json('/api/auth/delete_tokens', { method: 'POST', body: { refresh_token: 'x' } })).status).toBe(400);
    expect((await refresh('not-a-token')).status).toBe(401);
  });

  it('a token signed with another secret is refused', async () => {
    const { access_token } = await t.login('admin');
    const [h, body] = access_token.split('.');
    const forged = `${h}.${body}.${'A'.repeat(43)}`;
    expect((await probe(forged)).status).toBe(401);
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, role: 'admin', sub: t.ids.user.customer })).toString('base64url')}.${access_token.split('.')[2]}`;
    expect((await probe(tampered)).status).toBe(401);
  });
});
