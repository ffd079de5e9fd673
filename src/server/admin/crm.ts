/** What the storefront reports (§7 "CRM and search tracking") as the back office reads it: records, carts left, search terms. */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { CrmRecordView, SearchStats } from '../../domain/admin.schema.ts';
import type { Db } from '../db/client.ts';
import { crmRecords } from '../db/schema-crm.ts';
import { orders } from '../db/schema-orders.ts';
import { searchMissDays, searchTermDays } from '../db/schema-search.ts';
import { searchFindsEach } from '../db/search-misses.ts';
import { users } from '../db/schema.ts';
import { COUNT_CAP, cappedCount } from './orders-list.ts';

/** A cart is left when it has not changed for this long and no order followed. */
export const ABANDONED_AFTER_HOURS = 24;
/** Carts left longer ago than this are past following up: the screen reads this range of the updated_at index, not every record. */
export const ABANDONED_WITHIN_DAYS = 30;
/** The abandoned carts' count stops here (the screen shows the newest 100). */
const ABANDONED_CAP = 1_000;

type Row = typeof crmRecords.$inferSelect & { userName: string | null; userPhone: string | null; userEmail: string | null };

const toView = (r: Row): CrmRecordView => ({
  id: r.id,
  guest_id: r.guestId,
  user: r.userId ? { id: r.userId, name: r.userName ?? '' } : null,
  type: r.type,
  // A signed-in shopper's account says who they are better than what the browser sent.
  name: r.userName ?? r.name,
  phone: r.userPhone ?? r.phone,
  email: r.userEmail ?? r.email,
  localisation: r.localisation,
  total: r.total,
  produits: r.produits as CrmRecordView['produits'],
  updated_at: r.updatedAt.toISOString(),
});

async function page(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
  cap = COUNT_CAP,
  along?: SQL,
): Promise<{ records: CrmRecordView[]; total: number; capped: boolean }> {
  const rows = await db
    .select({ r: crmRecords, userName: users.name, userPhone: users.partnerPhone, userEmail: users.email })
    .from(crmRecords)
    .leftJoin(users, eq(users.id, crmRecords.userId))
    .where(where)
    .orderBy(desc(crmRecords.updatedAt), desc(crmRecords.id))
    .limit(limit)
    .offset(offset);
  // A page that is not full ends the list: its end is the count; otherwise count, but no further than the cap.
  const counted =
    rows.length < limit && (rows.length > 0 || offset === 0)
      ? { total: offset + rows.length, capped: false }
      : await cappedCount(db, crmRecords, where, cap, along);
  return {
    records: rows.map((x) => toView({ ...x.r, userName: x.userName, userPhone: x.userPhone, userEmail: x.userEmail })),
    ...counted,
  };
}

/** CRM records, newest first, of one type or all. */
export function crmPage(db: Db, q: { type?: 'commande' | 'precommande' | 'acredit'; page: number; limit: number }) {
  return page(db, q.type ? eq(crmRecords.type, q.type) : undefined, q.limit, (q.page - 1) * q.limit);
}

/** Carts, pre-order and credit carts unchanged for 24 h (and changed within 30 days) with no order by their shopper since (guests: none known). */
export function abandonedCarts(db: Db, now: Date, limit = 100) {
  const before = new Date(now.getTime() - ABANDONED_AFTER_HOURS * 3_600_000);
  const since = new Date(now.getTime() - ABANDONED_WITHIN_DAYS * 86_400_000);
  const ordered = sql`exists (select 1 from ${orders} o where o.user_id = ${crmRecords.userId} and o.created_at >= ${crmRecords.updatedAt})`;
  const range = and(lt(crmRecords.updatedAt, before), gte(crmRecords.updatedAt, since), sql`not ${ordered}`);
  // Counted along crm_records_updated_idx, newest first as the page: a range of it, never a walk of the table.
  return page(db, range, limit, 0, ABANDONED_CAP, desc(crmRecords.updatedAt));
}

/** The terms counted by day in `days` since `since`, most counted first. */
function mostCounted(db: Db, days: typeof searchTermDays | typeof searchMissDays, since: string, limit: number) {
  const total = sql<number>`sum(${days.count})::int`;
  return db
    .select({ terme: days.terme, count: total })
    .from(days)
    .where(gte(days.day, since))
    .groupBy(days.terme)
    .orderBy(desc(total), days.terme)
    .limit(limit);
}

// Admins opening « Suivi clients » at once share one reading: the first after a catalogue change probes up to 100 terms.
const readings = new WeakMap<Db, Map<string, Promise<SearchStats>>>();

/** The week's most searched terms (lower-cased; today and the six days before), and the searches and suggestions that found nothing then and still find no product for sale today. */
export function searchStats(db: Db, now: Date, size = 20): Promise<SearchStats> {
  const since = new Date(now.getTime() - 6 * 86_400_000).toISOString().slice(0, 10);
  const key = `${since}:${size}`;
  const inFlight = readings.get(db) ?? new Map<string, Promise<SearchStats>>();
  readings.set(db, inFlight);
  let reading = inFlight.get(key);
  if (!reading) {
    reading = readSearchStats(db, since, size).finally(() => inFlight.delete(key));
    inFlight.set(key, reading);
  }
  return reading;
}

async function readSearchStats(db: Db, since: string, size: number): Promise<SearchStats> {
  const rows = await mostCounted(db, searchTermDays, since, size);
  // The searches and suggestions that found nothing when they were made; those a product or a synonym now answers are left out.
  const misses = await mostCounted(db, searchMissDays, since, 100);
  const none: SearchStats['none'] = [];
  // A batch at a time, each checked in one statement (and remembered while the catalogue stays): no probe per term per request.
  for (let from = 0; from < misses.length && none.length < size; from += size) {
    const batch = misses.slice(from, from + size);
    const finds = await searchFindsEach(
      db,
      batch.map((r) => r.terme),
    );
    for (const [k, r] of batch.entries()) if (!finds[k] && none.length < size) none.push(r);
  }
  return { top: rows, none };
}
