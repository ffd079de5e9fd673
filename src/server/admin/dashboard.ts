/** The back office's dashboard: today's and this week's orders and revenue, what waits, stock alerts, 30 days of orders. */
import { and, count, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Dashboard } from '../../domain/admin.schema.ts';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema-orders.ts';
import { products } from '../db/schema.ts';
import { heldTotals } from './held-stock.ts';
import { sumOf } from './orders-list.ts';

/** Products with this many units or fewer (but some) count as low. */
const LOW_STOCK = 3;
const DAY_MS = 86_400_000;

// Today and this week are days of the 30 read once: their sums, not two more reads of the orders.
function figures(days: Array<{ date: string; orders: number; revenue: number }>, since: Date): { orders: number; revenue: number } {
  const from = since.toISOString().slice(0, 10);
  return days
    .filter((d) => d.date >= from)
    .reduce((a, d) => ({ orders: a.orders + d.orders, revenue: a.revenue + d.revenue }), { orders: 0, revenue: 0 });
}

/** The dashboard at `now` (Dakar days are UTC days; the week starts on Monday): each figure an indexed range (created_at, state, stock), never every order. */
export async function dashboard(db: Db, now: Date): Promise<Dashboard> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS);
  const first = new Date(today.getTime() - 29 * DAY_MS);
  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const perDay = await db
    .select({ date: day, orders: count(), revenue: sumOf(orders.amountTotal) })
    .from(orders)
    .where(and(gte(orders.createdAt, first), ne(orders.state, 'cancel')))
    .groupBy(day);
  const byDate = new Map(perDay.map((d) => [d.date, d]));
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const d = byDate.get(date);
    return { date, orders: d?.orders ?? 0, revenue: Number(d?.revenue ?? 0) };
  });
  const [waiting] = await db
    .select({ n: count() })
    .from(orders)
    .where(inArray(orders.state, ['sale', 'confirmed']));
  const [out] = await db
    .select({ n: count() })
    .from(products)
    .where(and(sql`${products.saleOk}`, lte(products.quantity, 0)));
  const [low] = await db
    .select({ n: count() })
    .from(products)
    .where(and(sql`${products.saleOk}`, gte(products.quantity, 1), lte(products.quantity, LOW_STOCK)));
  const [refunds] = await db.select({ n: count() }).from(orders).where(sql`${orders.paymentStatus} = 'refund_due'`);
  return {
    today: figures(days, today),
    week: figures(days, monday),
    waiting: waiting?.n ?? 0,
    out_of_stock: out?.n ?? 0,
    low_stock: low?.n ?? 0,
    days,
    held: await heldTotals(db),
    refunds_due: refunds?.n ?? 0,
  };
}
