/** The back office's dashboard: today's and this week's orders and revenue, what waits, stock alerts, 30 days of orders. */
import { sql } from 'drizzle-orm';
import type { Dashboard } from '../../domain/admin.schema.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { orderDayTallies, orderLines, orders, productStockTallies } from '../db/schema-orders.ts';

const DAY_MS = 86_400_000;

// Today and this week are days of the 30 read once: their sums, not two more reads of the orders.
function figures(days: Array<{ date: string; orders: number; revenue: number }>, since: Date): { orders: number; revenue: number } {
  const from = since.toISOString().slice(0, 10);
  return days
    .filter((d) => d.date >= from)
    .reduce((a, d) => ({ orders: a.orders + d.orders, revenue: a.revenue + d.revenue }), { orders: 0, revenue: 0 });
}

/** The dashboard at `now` (Dakar days are UTC days; the week starts on Monday): its figures from the tallies the orders' and products' writes keep (migration 0020), never every order or product. */
export async function dashboard(db: Db, now: Date): Promise<Dashboard> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY_MS);
  const first = new Date(today.getTime() - 29 * DAY_MS);
  const t = orderDayTallies;
  const s = productStockTallies;
  // One statement: at most 30 days of 64 slots along the primary key, the few rows of orders still waiting or owed a
  // refund (order_day_tallies_open_idx), 64 stock slots, and the orders holding stock now (orders_hold_idx).
  const [row] = rowsOf(
    await db.execute(sql`select
      (select coalesce(json_agg(json_build_object('date', d.day, 'orders', d.orders, 'revenue', d.revenue)), '[]'::json)
        from (select ${t.day}::text as day, sum(${t.orders})::int as orders, sum(${t.revenue})::bigint as revenue from ${t}
          where ${t.day} >= ${first.toISOString().slice(0, 10)}::date group by ${t.day}) as d) as days,
      (select json_build_object('waiting', coalesce(sum(${t.waiting}), 0)::int, 'refunds', coalesce(sum(${t.refundsDue}), 0)::int)
        from ${t} where ${t.waiting} <> 0 or ${t.refundsDue} <> 0) as open,
      (select json_build_object('out', coalesce(sum(${s.outOfStock}), 0)::int, 'low', coalesce(sum(${s.lowStock}), 0)::int) from ${s}) as stock,
      (select json_build_object('orders', count(distinct ${orders.id})::int, 'units', coalesce(sum(${orderLines.quantity}), 0)::int)
        from ${orders} join ${orderLines} on ${orderLines.orderId} = ${orders.id} where ${orders.holdUntil} is not null) as held`),
  );
  const parsed = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  const perDay = parsed(row!.days) as Array<{ date: string; orders: number; revenue: number }>;
  const open = parsed(row!.open) as { waiting: number; refunds: number };
  const stock = parsed(row!.stock) as { out: number; low: number };
  const held = parsed(row!.held) as { orders: number; units: number };
  const byDate = new Map(perDay.map((d) => [d.date, d]));
  const days = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const d = byDate.get(date);
    return { date, orders: Number(d?.orders ?? 0), revenue: Number(d?.revenue ?? 0) };
  });
  return {
    today: figures(days, today),
    week: figures(days, monday),
    waiting: Number(open.waiting),
    out_of_stock: Number(stock.out),
    low_stock: Number(stock.low),
    days,
    held: { orders: Number(held.orders), units: Number(held.units) },
    refunds_due: Number(open.refunds),
  };
}
