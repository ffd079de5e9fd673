/** The back office's order list: filters of `GET /api/admin/commandes`, newest first, one page at a time (§7). */
import { and, eq, getTableName, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AdminOrderQuery } from '../../domain/admin.schema.ts';
import type { Order } from '../../domain/orders.schema.ts';
import { normalizePhone } from '../../domain/account.ts';
import { normalizeReference } from '../../domain/orders.ts';
import { searchFold } from '../../domain/search-fold.ts';
import { builtOnce, type Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { orders } from '../db/schema-orders.ts';
import { users } from '../db/schema.ts';
import { answerOf, ordersQuery } from '../orders/read.ts';

/** Counts stop here: past it the list says « plus de 10 000 » instead of counting every order on every page. */
export const COUNT_CAP = 10_000;

/** A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export const like = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
// Dakar keeps UTC all year: a calendar day there is a UTC day.
const dayStart = (iso: string, plusDays = 0) => new Date(Date.parse(`${iso}T00:00:00Z`) + plusDays * 86_400_000);

/**
 * What a search box's text asks for, judged by its shape so that each kind reads one index and never OR-s full scans:
 * a reference (unique index), a phone (orders.telephone, and the orders of the account with that phone), a piece of a
 * number (trigrams of telephone), an e-mail (trigrams of lower(email)), else a name (trigrams of search_fold(name)).
 */
export function searchCondition(text: string): SQL {
  const reference = normalizeReference(text);
  if (reference) return eq(orders.reference, reference);
  const phone = normalizePhone(text);
  if (phone) {
    // One account at most has this phone (users_phone_key): its orders and the orders given this number, two index reads.
    const account = sql`(select ${users.id} from ${users} where ${users.partnerPhone} = ${phone})`;
    return or(eq(orders.telephone, phone), sql`${orders.userId} = ${account}`)!;
  }
  if (/^[\d\s.+-]+$/.test(text) && /\d{3,}/.test(text.replace(/\D/g, '')))
    return sql`${orders.telephone} like ${like(text.replace(/\D/g, ''))}`;
  if (text.includes('@')) return sql`lower(${orders.email}) like ${like(text.toLowerCase())}`;
  return sql`search_fold(${orders.name}) like ${like(searchFold(text))}`;
}

function where(q: AdminOrderQuery): SQL | undefined {
  const conds: Array<SQL | undefined> = [];
  if (q.state) conds.push(eq(orders.state, q.state));
  if (q.type === 'pack') conds.push(isNotNull(orders.packId));
  else if (q.type) conds.push(and(eq(orders.typeSale, q.type), isNull(orders.packId)));
  if (q.payment_mode) conds.push(eq(orders.paymentMode, q.payment_mode));
  if (q.payment_status) conds.push(eq(orders.paymentStatus, q.payment_status));
  if (q.from) conds.push(gte(orders.createdAt, dayStart(q.from)));
  if (q.to) conds.push(lt(orders.createdAt, dayStart(q.to, 1)));
  const text = q.q?.trim();
  if (text) conds.push(searchCondition(text));
  return conds.length ? and(...conds) : undefined;
}

const pageOf = (q: AdminOrderQuery) => ({ limit: q.limit, offset: (q.page - 1) * q.limit });

/** The page's orders, newest first, with their lines and tranches, as one statement (the plan tests read it); `w`: the filters' condition when already built. */
export const orderPageQuery = (db: Db, q: AdminOrderQuery, w = where(q)) => ordersQuery(db, w, pageOf(q));

// The list the back office opens on, with no filter, is the one read most: its statement is built once, not per page.
const newestPage = builtOnce((db) =>
  ordersQuery(db, undefined, { limit: sql.placeholder('limit'), offset: sql.placeholder('offset') }).prepare(''),
);

/** Searches count no further than this: past it, the admin narrows the search rather than pages through it. */
export const SEARCH_COUNT_CAP = 1_000;

/**
 * How many rows of `table` match `w`, counting no further than `cap` + 1 (so « more than cap » is known without a full count).
 * With no condition, the planner's estimate of the table's size answers first: far past the cap, nothing is counted at all.
 */
export async function cappedCount(
  db: Db,
  table: PgTable,
  w: SQL | undefined,
  cap = COUNT_CAP,
  along?: SQL,
): Promise<{ total: number; capped: boolean }> {
  if (!w && (await farPastCap(db, getTableName(table), cap))) return { total: cap, capped: true };
  // `along`: the order of an index the condition is a range of, so the count walks that range rather than the table.
  const res = await db.execute(
    sql`select count(*)::int as n from (select 1 from ${table} ${w ? sql`where ${w}` : sql``} ${along ? sql`order by ${along}` : sql``} limit ${cap + 1}) as bounded`,
  );
  const n = Number(rowsOf<{ n: number | string }>(res)[0]?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

// A table far past the cap stays past it (orders are never deleted): its estimate is read once a minute, not for every page.
const farPast = new WeakMap<Db, Map<string, number>>();
const FAR_PAST_KEPT_MS = 60_000;

async function farPastCap(db: Db, table: string, cap: number): Promise<boolean> {
  const key = `${table}:${cap}`;
  const known = farPast.get(db) ?? farPast.set(db, new Map()).get(db)!;
  if ((known.get(key) ?? 0) > Date.now()) return true;
  const estimate = rowsOf<{ n: number | string }>(
    await db.execute(sql`select reltuples::float8 as n from pg_class where oid = to_regclass(${table})`),
  );
  const far = Number(estimate[0]?.n ?? 0) > 2 * cap;
  if (far) known.set(key, Date.now() + FAR_PAST_KEPT_MS);
  return far;
}

// Orders are never deleted and their name, e-mail and phone are never changed: a text search on those columns alone that
// once matched more than the cap always will. Its « plus de 1 000 » is remembered (per database handle, the last 1,000
// such searches) rather than counted again on every page. A whole phone also reads the account's orders, which lose
// their owner when the account is removed, so it is counted each time (an index read, and a reference's is at most one).
const overCap = new WeakMap<Db, Set<string>>();
const REMEMBERED_SEARCHES = 1_000;

/** The key under which the search of `q` is remembered once it passes the cap, or null when it cannot be (other filters, a reference or a whole phone). */
export function rememberedSearchKey(q: AdminOrderQuery): string | null {
  const text = q.q?.trim();
  if (!text || q.state || q.type || q.payment_mode || q.payment_status || q.from || q.to) return null;
  if (normalizeReference(text) || normalizePhone(text)) return null;
  return text;
}

/** Whether the search of `q` is known to match more than SEARCH_COUNT_CAP orders on `db`. */
export const knownOverCap = (db: Db, q: AdminOrderQuery): boolean => {
  const key = rememberedSearchKey(q);
  return key !== null && (overCap.get(db)?.has(key) ?? false);
};

function rememberOverCap(db: Db, key: string): void {
  const known = overCap.get(db) ?? overCap.set(db, new Set()).get(db)!;
  known.delete(key);
  known.add(key);
  if (known.size > REMEMBERED_SEARCHES) known.delete(known.values().next().value!);
}

/** One page of the orders matching `q`, and how many match (`capped`: more than the cap, 10,000 or 1,000 for a search, `total` is then the cap). */
export async function listOrders(db: Db, q: AdminOrderQuery): Promise<{ orders: Order[]; total: number; capped: boolean }> {
  const w = where(q);
  const { offset } = pageOf(q);
  const rows = await (w ? orderPageQuery(db, q, w) : newestPage(db).execute(pageOf(q)));
  // A page that is not full is the last one: its end is the count, no need to ask the database.
  const counted =
    rows.length < q.limit && (rows.length > 0 || offset === 0)
      ? { total: offset + rows.length, capped: false }
      : knownOverCap(db, q)
        ? { total: SEARCH_COUNT_CAP, capped: true }
        : await cappedCount(db, orders, w, q.q?.trim() ? SEARCH_COUNT_CAP : COUNT_CAP);
  const key = counted.capped ? rememberedSearchKey(q) : null;
  if (key !== null) rememberOverCap(db, key);
  return { orders: rows.map(answerOf), ...counted };
}
