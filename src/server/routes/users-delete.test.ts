import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { USERS } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { hashPassword } from '../auth/passwords.ts';
import { users } from '../db/schema.ts';

const LAST_ADMIN =
  'Ce compte est le dernier administrateur de la boutique : il ne peut pas être supprimé, sinon plus personne n’accéderait au back-office.';
const PASSWORD = 'Admin#Second1';
const PARENT_WITH_MEMBERS =
  'Ce compte parent a encore des membres : rattachez-les à un autre compte parent dans « Clients et adhérents » avant de le supprimer, sinon leurs commandes à crédit n’auraient plus personne pour les approuver.';

// On PostgreSQL the two deletes of a round each have their own connection, so they really run together.
describe.each(testDatabases())('deleting accounts on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let hash: string;
  let made = 0;

  beforeAll(async () => {
    t = await setupApi(kind, { poolSize: 20 });
    admin = (await t.login('admin')).access_token;
    hash = await hashPassword(PASSWORD);
  });
  afterAll(() => t.close());

  /** A new verified account of `role`, and an access token of it. */
  async function account(role: 'admin' | 'customer'): Promise<{ id: number; token: string }> {
    const email = `compte${++made}-${kind.name}@test.sn`;
    const [row] = await t.database.db
      .insert(users)
      .values({ name: `Compte ${made}`, email, partnerPhone: `22177${String(1000000 + made)}`, role, passwordHash: hash, isVerified: true })
      .returning({ id: users.id });
    const login = await t.json(`/api/auth/get_tokens?username=${encodeURIComponent(email)}&password=${encodeURIComponent(PASSWORD)}`);
    expect(login.status).toBe(200);
    return { id: row!.id, token: login.body.access_token };
  }
  const remove = (id: number, token: string) => t.json(`/api/users/${id}`, { method: 'DELETE', token });
  const admins = async () =>
    (await t.database.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(users.id)).map((r) => r.id);
  const journal = async (id: number) =>
    (await t.json(`/api/admin/audit?entity=user&id=${id}`, { token: admin })).body as Array<{
      action: string;
      changes: Record<string, unknown>;
      user: { id: number } | null;
    }>;
  /** Leaves `keep` as the only admins (test set-up: no route changes a role). */
  async function onlyAdmins(...keep: number[]) {
    for (const id of await admins())
      if (!keep.includes(id)) await t.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, id));
  }

  it('the only admin cannot delete itself: 409 in French, the account and its access intact', async () => {
    const refused = await remove(t.ids.user.admin, admin);
    expect(refused).toEqual(expect.objectContaining({ status: 409, body: { message: LAST_ADMIN } }));
    expect(await admins()).toEqual([t.ids.user.admin]);
    expect((await t.json('/api/admin/tableau-de-bord', { token: admin })).status).toBe(200);
    expect(await journal(t.ids.user.admin)).toEqual([]);
  });

  it('an admin deletes a customer: the account goes, the journal keeps who did it and what was removed, never the password', async () => {
    const c = await account('customer');
    expect(await remove(c.id, admin)).toMatchObject({ status: 200, body: { message: 'Compte supprimé.' } });
    expect((await t.json(`/api/users/${c.id}`, { token: admin })).status).toBe(404);
    expect((await t.json(`/api/users/${c.id}`, { token: c.token })).status).toBe(401);
    const [entry, ...rest] = await journal(c.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: 'delete',
      user: { id: t.ids.user.admin },
      changes: {
        name: [`Compte ${made}`, null],
        email: [`compte${made}-${kind.name}@test.sn`, null],
        role: ['customer', null],
        is_verified: [true, null],
      },
    });
    expect(JSON.stringify(entry)).not.toMatch(/password|hash|scrypt/i);
    expect(JSON.stringify(entry)).not.toContain(hash);
  });

  it('a customer deletes its own account: audited as its own doing', async () => {
    const c = await account('customer');
    expect((await remove(c.id, c.token)).status).toBe(200);
    expect(await journal(c.id)).toMatchObject([
      { action: 'self-delete', user: null, changes: { name: [`Compte ${made}`, null], role: ['customer', null] } },
    ]);
  });

  it('an admin may delete itself or another admin while one admin remains, never the last', async () => {
    const second = await account('admin');
    const third = await account('admin');
    expect((await remove(third.id, third.token)).status).toBe(200);
    expect(await journal(third.id)).toMatchObject([{ action: 'self-delete', changes: { role: ['admin', null] } }]);
    expect((await remove(second.id, admin)).status).toBe(200);
    expect(await journal(second.id)).toMatchObject([
      { action: 'delete', user: { id: t.ids.user.admin }, changes: { role: ['admin', null] } },
    ]);
    expect((await remove(t.ids.user.admin, admin)).body).toEqual({ message: LAST_ADMIN });
    expect(await admins()).toEqual([t.ids.user.admin]);
  });

  it('two last admins deleting each other at once leave one of them, every round', async () => {
    let refusedAsLast = 0;
    for (let round = 0; round < 10; round++) {
      const a = await account('admin');
      const b = await account('admin');
      await onlyAdmins(a.id, b.id);
      // Each deletes the other; in odd rounds each deletes itself, which must end the same way.
      const [first, second] =
        round % 2 === 0
          ? await Promise.all([remove(b.id, a.token), remove(a.id, b.token)])
          : await Promise.all([remove(a.id, a.token), remove(b.id, b.token)]);
      // The loser is refused as the last admin, or, when the winner's delete took its account first, as a caller who is gone.
      const loser = [first!, second!].sort((x, y) => x.status - y.status)[1]!;
      expect([first!.status, second!.status].filter((s) => s === 200)).toHaveLength(1);
      expect([
        [409, LAST_ADMIN],
        [401, expect.stringMatching(/^Authentification requise/)],
      ]).toContainEqual([loser.status, loser.body.message]);
      refusedAsLast += loser.status === 409 ? 1 : 0;
      const left = await admins();
      expect(left).toHaveLength(1);
      expect([a.id, b.id]).toContain(left[0]);
    }
    expect(refusedAsLast).toBeGreaterThan(0);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, t.ids.user.admin));
  });

  it('a parent account with members is never deleted: 409 in French, until its last member is attached elsewhere', async () => {
    const parent = await account('customer');
    const member = await account('customer');
    await t.database.db
      .update(users)
      .set({ organisation: `Mutuelle ${made}` })
      .where(eq(users.id, parent.id));
    expect(
      (await t.json(`/api/admin/users/${member.id}`, { method: 'PUT', token: admin, body: { adhesion: 'accepted', parent_id: parent.id } }))
        .status,
    ).toBe(200);
    for (const token of [admin, parent.token]) {
      expect(await remove(parent.id, token)).toEqual(expect.objectContaining({ status: 409, body: { message: PARENT_WITH_MEMBERS } }));
    }
    const [still] = await t.database.db.select({ parentId: users.parentId }).from(users).where(eq(users.id, member.id));
    expect(still).toEqual({ parentId: parent.id });
    expect(await journal(parent.id)).toEqual([]);
    expect(
      (await t.json(`/api/admin/users/${member.id}`, { method: 'PUT', token: admin, body: { parent_id: t.ids.user.parent } })).status,
    ).toBe(200);
    expect((await remove(parent.id, admin)).status).toBe(200);
  });

  it('the database itself refuses a member whose parent account does not exist', async () => {
    const member = await account('customer');
    await expect(t.database.db.update(users).set({ parentId: 999_999 }).where(eq(users.id, member.id))).rejects.toThrow();
  });

  it.each([
    ['PUT', '/api/users/me'],
    ['PUT', '/api/users/{id}/update'],
    ['POST', '/api/partner/{id}/update'],
    ['POST', `/api/partner-create/${USERS.admin.email}/update`],
    ['PUT', '/api/admin/users/{id}'],
  ])('%s %s cannot change a role: 400, the admin stays an admin', async (method, path) => {
    const res = await t.json(path.replace('{id}', String(t.ids.user.admin)), { method, token: admin, body: { role: 'customer' } });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(await admins()).toContain(t.ids.user.admin);
  });
});
