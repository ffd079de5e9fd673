import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Database } from '../db/client.ts';
import { auditLog } from '../db/schema-admin.ts';
import { sessions, users } from '../db/schema.ts';
import { ADMIN_TEXT, ensureAdmin, hasAdmin } from './admin-account.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const BOSS = { name: 'Awa Ndiaye', email: 'patron@boutique-dakar.sn', phone: '221771234567', password: 'Dakar2026' };

describe.each(testDatabases())('ensureAdmin on $name', (kind) => {
  let database: Database;
  const db = () => database.db;
  const row = async (email: string) => (await db().select().from(users).where(sql`lower(${users.email}) = ${email}`))[0];
  const liveSessions = async (userId: number) =>
    db()
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

  beforeAll(async () => {
    database = await kind.open();
    await db()
      .insert(users)
      .values({
        name: 'Fatou Sow',
        email: 'Fatou@Example.SN',
        partnerPhone: '221770000001',
        passwordHash: await hashPassword('Client2026'),
      });
  });
  afterAll(() => database?.close());

  it('with onlyIfNone and no admin yet, creates a verified admin that the password opens, and keeps it in the audit log', async () => {
    expect(await hasAdmin(db())).toBe(false);
    const outcome = await ensureAdmin(db(), BOSS, { onlyIfNone: true, now: NOW, source: 'ADMIN_EMAIL' });
    expect(outcome.kind).toBe('created');
    const boss = (await row(BOSS.email))!;
    expect(boss).toMatchObject({ name: BOSS.name, role: 'admin', isVerified: true, partnerPhone: BOSS.phone });
    expect(await verifyPassword(BOSS.password, boss.passwordHash)).toBe(true);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, boss.id)));
    expect(entry).toMatchObject({ action: 'admin-created', userId: null, changes: { source: 'ADMIN_EMAIL' } });
  });

  it('with onlyIfNone once an admin exists, creates no other one', async () => {
    const other = { ...BOSS, email: 'second@boutique-dakar.sn', phone: undefined };
    expect(await ensureAdmin(db(), other, { onlyIfNone: true, now: NOW, source: 'ADMIN_EMAIL' })).toEqual({ kind: 'exists' });
    expect(await row(other.email)).toBeUndefined();
  });

  it('the same admin with the same password: nothing to change', async () => {
    const before = (await row(BOSS.email))!;
    expect(await ensureAdmin(db(), { ...BOSS, name: 'Autre Nom' }, { now: NOW, source: 'npm run admin' })).toEqual({
      kind: 'unchanged',
      id: before.id,
    });
    expect(await row(BOSS.email)).toEqual(before);
  });

  it('another password without reset is refused and the stored one kept', async () => {
    const before = (await row(BOSS.email))!;
    const outcome = await ensureAdmin(db(), { ...BOSS, password: 'Autre2026' }, { now: NOW, source: 'npm run admin' });
    expect(outcome).toEqual({ kind: 'refused', message: ADMIN_TEXT.otherPassword(BOSS.email) });
    expect((await row(BOSS.email))!.passwordHash).toBe(before.passwordHash);
  });

  it('another password with reset replaces it and ends the sessions opened with the old one', async () => {
    const boss = (await row(BOSS.email))!;
    await db().insert(sessions).values({ id: crypto.randomUUID(), userId: boss.id, createdAt: NOW });
    expect(await liveSessions(boss.id)).toHaveLength(1);
    expect(await ensureAdmin(db(), { ...BOSS, password: 'Autre2026' }, { reset: true, now: NOW, source: 'npm run admin' })).toEqual({
      kind: 'reset',
      id: boss.id,
    });
    const after = (await row(BOSS.email))!;
    expect(await verifyPassword('Autre2026', after.passwordHash)).toBe(true);
    expect(await verifyPassword(BOSS.password, after.passwordHash)).toBe(false);
    expect(await liveSessions(boss.id)).toHaveLength(0);
  });

  it.each([
    [
      'a customer’s e-mail (any case): never promoted, even with reset',
      { email: 'fatou@example.sn', phone: undefined },
      ADMIN_TEXT.customer('fatou@example.sn'),
    ],
    ['a phone another account has', { email: 'caisse@boutique-dakar.sn', phone: '221770000001' }, ADMIN_TEXT.phoneTaken('221770000001')],
  ])('refuses %s', async (_, who, message) => {
    const count = (await db().select().from(users)).length;
    expect(await ensureAdmin(db(), { ...BOSS, ...who }, { reset: true, now: NOW, source: 'npm run admin' })).toEqual({
      kind: 'refused',
      message,
    });
    expect(await db().select().from(users)).toHaveLength(count);
    expect((await row('fatou@example.sn'))!.role).toBe('customer');
  });

  it('without onlyIfNone, adds a second admin', async () => {
    const outcome = await ensureAdmin(
      db(),
      { ...BOSS, email: 'caisse@boutique-dakar.sn', phone: undefined },
      { now: NOW, source: 'npm run admin' },
    );
    expect(outcome.kind).toBe('created');
    expect((await row('caisse@boutique-dakar.sn'))!.role).toBe('admin');
  });
});
