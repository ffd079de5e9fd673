/** The back office's customer list (`GET /api/users`, §7): one page of accounts, searched through indexes, avatars read once per page. */
import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Account } from '../../domain/account.ts';
import { normalizePhone } from '../../domain/account.ts';
import type { AdminUserQuery } from '../../domain/admin.schema.ts';
import { searchFold } from '../../domain/search-fold.ts';
import type { Db } from '../db/client.ts';
import { userAvatars } from '../db/schema-accounts.ts';
import { companies, users } from '../db/schema.ts';
import { COUNT_CAP, cappedCount, like, SEARCH_COUNT_CAP } from './orders-list.ts';
import { accountOf } from '../accounts/lookup.ts';

/** The accounts a search box's text names, by its shape: a phone (users_phone_key), an e-mail (trigrams of lower(email)), else a name (trigrams of search_fold(name)). */
export function customerSearch(text: string): SQL {
  const phone = normalizePhone(text);
  if (phone) return eq(users.partnerPhone, phone);
  if (/^[\d\s.+-]+$/.test(text)) return sql`${users.partnerPhone} like ${like(text.replace(/\D/g, ''))}`;
  if (text.includes('@')) return sql`lower(${users.email}) like ${like(text.toLowerCase())}`;
  return sql`search_fold(${users.name}) like ${like(searchFold(text))}`;
}

/** A customer as the back office lists them: the account and its company. */
export type Customer = Account & { company: string | null };

/** One page of accounts in id order, how many match (`capped` past 10,000), each with its company and avatar. */
export async function customerPage(db: Db, q: AdminUserQuery): Promise<{ users: Customer[]; total: number; capped: boolean }> {
  const conds: SQL[] = [];
  const text = q.q?.trim();
  if (text) conds.push(customerSearch(text));
  if (q.parents) conds.push(isNotNull(users.organisation));
  const where = conds.length ? and(...conds) : undefined;
  const offset = (q.page - 1) * q.limit;
  const rows = await db
    .select({ u: users, company: companies.name })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(where)
    .orderBy(asc(users.id))
    .limit(q.limit)
    .offset(offset);
  const ids = rows.map((r) => r.u.id);
  const avatars = ids.length
    ? await db.select({ id: userAvatars.userId, dataUrl: userAvatars.dataUrl }).from(userAvatars).where(inArray(userAvatars.userId, ids))
    : [];
  const avatarOf = new Map(avatars.map((a) => [a.id, a.dataUrl]));
  const counted =
    rows.length < q.limit && (rows.length > 0 || offset === 0)
      ? { total: offset + rows.length, capped: false }
      : await cappedCount(db, users, where, text ? SEARCH_COUNT_CAP : COUNT_CAP);
  return {
    users: rows.map(({ u, company }) => ({ ...accountOf(u, avatarOf.get(u.id) ?? null), company: company ?? null })),
    ...counted,
  };
}
