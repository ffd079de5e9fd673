/** Finding accounts and showing them: by e-mail or phone, the public shape, and the owner-or-admin rule. */
import { eq, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Account } from '../../domain/account.ts';
import { normalizePhone } from '../../domain/account.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/client.ts';
import { userAvatars } from '../db/schema-accounts.ts';
import { users } from '../db/schema.ts';
import { OrderRefusal } from '../orders/refusal.ts';

/** A stored user row. */
export type UserRow = typeof users.$inferSelect;

/** The user an e-mail or phone number (any §5 spelling) names, if any. */
export async function findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const phone = normalizePhone(username);
  const [user] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.email}) = lower(${username.trim()})`, phone ? eq(users.partnerPhone, phone) : sql`false`));
  return user;
}

/** The user with this id, if any. */
export async function findById(db: Db, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** §7: what the account routes show of a user row and its avatar (never the hash or the role). */
export function accountOf(u: UserRow, avatar: string | null): Account {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    partner_phone: u.partnerPhone,
    adhesion: u.adhesion,
    parent_id: u.parentId,
    is_verified: u.isVerified,
    avatar,
    organisation: u.organisation,
  };
}

/** What the account routes show of a user (never the hash or the role). */
export async function toAccount(db: Db, u: UserRow): Promise<Account> {
  const [avatar] = await db.select({ dataUrl: userAvatars.dataUrl }).from(userAvatars).where(eq(userAvatars.userId, u.id));
  return accountOf(u, avatar?.dataUrl ?? null);
}

/** The French 404 every user-scoped route gives for an id that is not the caller's (and not found). */
export const notYours = { message: 'Compte introuvable.' };

/** The target user when the caller owns it or is an admin; otherwise throws the 404 `notYours` (nothing changes). */
export async function ownedUser(c: Context<AppEnv>, target: number | { email: string }): Promise<UserRow> {
  const { db } = c.var.deps;
  const who = c.var.principal;
  const user = who && (typeof target === 'number' ? await findById(db, target) : await findByEmail(db, target.email));
  if (!who || !user || (who.role !== 'admin' && who.id !== user.id)) throw new OrderRefusal(404, notYours.message);
  return user;
}

async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return user;
}

/** True when a unique e-mail or phone is taken by someone else (the database error of a unique index). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
