/** The back office's dashboard: today's and this week's orders and revenue, what waits, stock alerts, 30 days of orders. */
import { gte, sql } from 'drizzle-orm';
import type { Dashboard } from '../../domain/admin.schema.ts';
import type { Db } from '../db/client.ts';
import { orderDayTallies, productStockTallies } from '../db/schema-orders.ts';
import { heldTotals } from './held-stock.ts';
import { sumOf } from './orders-list.ts';

const DAY_MS = 86_400_000;

// Today and this week are days of the 30 read once: their sums, not two more reads of the orders.
function figures(days: Array<{ date: string; orders: number; revenue: number }>, since: Date): { orders: number; revenue: number } {
  const from = since.toISOString().slice(0, 10);
  return days
    .filter((d) => d.date >= from)
    .reduce((a, d) => ({ orders: a.orders + d.orders, revenue: a.revenue + d.revenue }), { orders: 0, revenue: 0 });
}

/** The dashboard at `now` (Dakar days are UTC days; the week starts on Monday): its figures from the tallies the orders' and products' writes keep (migration 0019), never every order or product. */
export async function dashboard(db: Db, now: Date): Promise<Dashboard> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS);
  const first = new Date(today.getTime() - 29 * DAY_MS);
  const t = orderDayTallies;
  // At most 30 days of 64 slots, read along the primary key.
  const perDay = await db
    .select({ date: t.day, orders: sql<number>`sum(${t.orders})::int`, revenue: sumOf(sql`${t.revenue}`) })
    .from(t)
    .where(gte(t.day, first.toISOString().slice(0, 10)))
    .groupBy(t.day);
  const byDate = new Map(perDay.map((d) => [d.date, d]));
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const d = byDate.get(date);
    return { date, orders: Number(d?.orders ?? 0), revenue: Number(d?.revenue ?? 0) };
  });
  // Only the rows of orders still waiting or owed a refund are in order_day_tallies_open_idx.
  const [open] = await db
    .select({ waiting: sql<number>`coalesce(sum(${t.waiting}), 0)::int`, refunds: sql<number>`coalesce(sum(${t.refundsDue}), 0)::int` })
    .from(t)
    .where(sql`${t.waiting} <> 0 or ${t.refundsDue} <> 0`);
  const [stock] = await db
    .select({
      out: sql<number>`coalesce(sum(${productStockTallies.outOfStock}), 0)::int`,
      low: sql<number>`coalesce(sum(${productStockTallies.lowStock}), 0)::int`,
    })
    .from(productStockTallies);
  return {
    today: figures(days, today),
    week: figures(days, monday),
    waiting: Number(open?.waiting ?? 0),
    out_of_stock: Number(stock?.out ?? 0),
    low_stock: Number(stock?.low ?? 0),
    days,
    held: await heldTotals(db),
    refunds_due: Number(open?.refunds ?? 0),
  };
}
