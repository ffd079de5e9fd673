import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { USERS } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';

describe.each(testDatabases())('users and partners on $name', (kind) => {
  let t: TestApi;
  let a: string; // customer
  let admin: string;
  beforeAll(async () => {
    t = await setupApi(kind);
    a = (await t.login('customer')).access_token;
    admin = (await t.login('admin')).access_token;
  });
  afterAll(() => t.close());

  const routesOf = (id: number, email: string): Array<[string, string, unknown?]> => [
    ['GET', `/api/users/${id}`],
    ['GET', `/api/users/${id}/compte`],
    ['GET', `/api/users/verified/${id}`],
    ['PUT', `/api/users/${id}/update`, { name: 'Pirate' }],
    ['PUT', `/api/users/avatar/${id}`, { avatar: 'data:image/png;base64,iVBORw0KGgo=' }],
    ['GET', `/api/partner/compte/${id}`],
    ['GET', `/api/partner/compte/${id}/details`],
    ['POST', `/api/partner/${id}/update`, { name: 'Pirate' }],
    ['GET', `/api/partnerByEmail/${encodeURIComponent(email)}`],
    ['POST', `/api/partner-create/${encodeURIComponent(email)}/update`, { name: 'Pirate' }],
    ['DELETE', `/api/users/${id}`],
  ];

  it("every user-scoped route refuses another user's id and changes nothing", async () => {
    const b = t.ids.user.member;
    for (const [method, path, body] of routesOf(b, USERS.member.email)) {
      const res = await t.json(path, { method, body, token: a });
      expect([403, 404], `${method} ${path}`).toContain(res.status);
    }
    const after = await t.json(`/api/users/${b}`, { token: admin });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ name: 'Fatou Membre', avatar: null, adhesion: 'accepted' });
  });

  it('every user-scoped route answers its owner', async () => {
    const me = t.ids.user.customer;
    for (const [method, path, body] of routesOf(me, USERS.customer.email).filter(([m, p]) => m !== 'DELETE' && !p.includes('update'))) {
      const res = await t.json(path, { method, body, token: a });
      expect(res.status, `${method} ${path}`).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt|role/i);
    }
  });

  it('401 without a token', async () => {
    for (const [method, path, body] of routesOf(t.ids.user.customer, USERS.customer.email)) {
      expect((await t.json(path, { method, body })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('a scan of ids finds only the caller', async () => {
    const found: number[] = [];
    for (let id = 1; id <= 30; id++) if ((await t.json(`/api/users/${id}`, { token: a })).status === 200) found.push(id);
    expect(found).toEqual([t.ids.user.customer]);
  });

  it('GET /api/users is for admins only', async () => {
    expect((await t.json('/api/users', { token: a })).status).toBe(403);
    const list = await t.json('/api/users', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.users.map((u: { email: string }) => u.email)).toContain(USERS.customer.email);
    expect(list.body.users.find((u: { email: string }) => u.email === USERS.customer.email)).toMatchObject({
      company: 'Boutique Test SARL',
      adhesion: null,
    });
    expect(list.body).toMatchObject({ total: list.body.users.length, capped: false });
    expect(JSON.stringify(list.body)).not.toMatch(/password|hash|code/i);
  });

  it('GET /api/users pages on the server and searches by phone, e-mail or name (accents aside)', async () => {
    const emails = async (query: string) =>
      (await t.json(`/api/users${query}`, { token: admin })).body.users.map((u: { email: string }) => u.email);
    const all = (await t.json('/api/users?limit=100', { token: admin })).body;
    const [one, two] = await Promise.all([1, 2].map((page) => t.json(`/api/users?limit=1&page=${page}`, { token: admin })));
    expect(one!.body).toMatchObject({ total: all.total, capped: false });
    expect(one!.body.users.map((u: { id: number }) => u.id)).toEqual([all.users[0].id]);
    expect(two!.body.users.map((u: { id: number }) => u.id)).toEqual([all.users[1].id]);
    expect(await emails('?q=%2B221%2077%20111%2022%2033')).toEqual([USERS.customer.email]);
    expect(await emails('?q=1112233')).toEqual([USERS.customer.email]);
    expect(await emails('?q=CLIENT@TEST')).toEqual([USERS.customer.email]);
    expect(await emails('?q=moussa')).toEqual([USERS.customer.email]);
    expect(await emails('?q=fatou%20membre')).toEqual([USERS.member.email]);
    expect(await emails('?parents=true')).toEqual([USERS.parent.email]);
    expect((await t.json('/api/users?q=personne', { token: admin })).body).toEqual({ users: [], total: 0, capped: false });
    expect((await t.json('/api/users?limit=500', { token: admin })).status).toBe(400);
  });

  it.each([[{ role: 'admin' }], [{ adhesion: 'accepted' }], [{ is_verified: false }], [{ id: 1 }], [{ parent_id: 1 }], [{}]])(
    'updates refuse %o with 400 and change nothing',
    async (extra) => {
      const me = t.ids.user.customer;
      for (const path of [`/api/users/${me}/update`, '/api/users/me']) {
        const res = await t.json(path, {
          method: 'PUT',
          body: Object.keys(extra).length ? { name: 'Moussa Nouveau', ...extra } : {},
          token: a,
        });
        expect(res.status).toBe(400);
      }
      const res = await t.json(`/api/partner/${me}/update`, { method: 'POST', body: { name: 'X Y', ...extra, role: 'admin' }, token: a });
      expect(res.status).toBe(400);
      const after = await t.json(`/api/users/${me}`, { token: a });
      expect(after.body).toMatchObject({ name: 'Moussa Client', adhesion: null, is_verified: true });
      expect((await t.json('/api/users', { token: a })).status).toBe(403);
    },
  );

  it('the owner updates the name at once, and the avatar', async () => {
    const me = t.ids.user.customer;
    const res = await t.json('/api/users/me', { method: 'PUT', body: { name: 'Moussa Ndiaye' }, token: a });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: me, name: 'Moussa Ndiaye', partner_phone: '221771112233', pending: {} });
    const av = await t.json(`/api/users/avatar/${me}`, { method: 'PUT', body: { avatar: 'data:image/png;base64,iVBORw0KGgo=' }, token: a });
    expect(av.body.avatar).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect((await t.json(`/api/users/avatar/${me}`, { method: 'PUT', body: { avatar: 'javascript:alert(1)' }, token: a })).status).toBe(
      400,
    );
    // The same phone in another spelling is no change: nothing to confirm, nothing sent.
    const before = t.mail.length;
    expect(
      (
        await t.json('/api/users/me', {
          method: 'PUT',
          body: { partner_phone: '77 111 22 33', email: USERS.customer.email.toUpperCase() },
          token: a,
        })
      ).body.pending,
    ).toEqual({});
    expect(t.mail.length).toBe(before);
    await t.json('/api/users/me', { method: 'PUT', body: { name: 'Moussa Client' }, token: a });
  });

  it('DELETE ends every session of the user', async () => {
    const created = await t.json('/api/new_compte', {
      method: 'POST',
      body: { name: 'À Supprimer', email: 'bye@test.sn', partner_phone: '775550011', password: 'Motdepasse1' },
    });
    const login = () => t.json('/api/auth/get_tokens?username=bye%40test.sn&password=Motdepasse1');
    const s1 = (await login()).body;
    const s2 = (await login()).body;
    expect((await t.json(`/api/users/${created.body.id}`, { token: s2.access_token })).status).toBe(200);
    expect((await t.json(`/api/users/${created.body.id}`, { method: 'DELETE', token: s1.access_token })).status).toBe(200);
    expect((await t.json(`/api/users/${created.body.id}`, { token: s2.access_token })).status).toBe(401);
    expect((await t.json('/api/auth/refresh_token', { method: 'POST', body: { refresh_token: s2.refresh_token } })).status).toBe(401);
    expect((await login()).status).toBe(401);
  });
});
