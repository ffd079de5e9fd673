/** The back office's order list: filters of `GET /api/admin/commandes`, newest first, one page at a time. */
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AdminOrderQuery } from '../../domain/admin.schema.ts';
import type { Order } from '../../domain/orders.schema.ts';
import { normalizePhone } from '../../domain/account.ts';
import { normalizeReference } from '../../domain/orders.ts';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema-orders.ts';
import { toOrders } from '../orders/read.ts';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
// Dakar keeps UTC all year: a calendar day there is a UTC day.
const dayStart = (iso: string, plusDays = 0) => new Date(Date.parse(`${iso}T00:00:00Z`) + plusDays * 86_400_000);

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
  if (text) {
    const reference = normalizeReference(text);
    const phone = normalizePhone(text);
    conds.push(
      or(
        reference ? eq(orders.reference, reference) : undefined,
        ilike(orders.name, like(text)),
        ilike(orders.email, like(text)),
        phone ? eq(orders.telephone, phone) : /\d{3,}/.test(text) ? ilike(orders.telephone, like(text.replace(/\D/g, ''))) : undefined,
      ),
    );
  }
  return conds.length ? and(...conds) : undefined;
}

/** One page of the orders matching `q`, and how many match in all. */
export async function listOrders(db: Db, q: AdminOrderQuery): Promise<{ orders: Order[]; total: number }> {
  const w = where(q);
  const rows = await db
    .select()
    .from(orders)
    .where(w)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const [n] = await db.select({ n: count() }).from(orders).where(w);
  return { orders: await toOrders(db, rows), total: n?.n ?? 0 };
}

/** Sum of a bigint column as a JS number (our totals fit). */
export const sumOf = (column: SQL | typeof orders.amountTotal) => sql<number>`coalesce(sum(${column}), 0)::bigint`;
