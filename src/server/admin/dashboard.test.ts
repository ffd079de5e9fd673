import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import { dashboard } from './dashboard.ts';

const rows = (res: unknown) => (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Array<Record<string, unknown>>;

// Real concurrency: on PostgreSQL each request of a burst has its own connection, so tally rows are locked for real.
describe.each(testDatabases())('the dashboard’s tallies on $name', (kind) => {
  let t: TestApi;
  let tok: Record<'admin' | 'customer' | 'member', string>;

  // Per day: the tallies summed over their slots, beside the same figures counted from every order.
  async function tallies() {
    const db = t.database.db;
    const kept = rows(
      await db.execute(sql`select day::text as day, sum(orders)::int as orders, sum(revenue)::bigint::text as revenue,
        sum(waiting)::int as waiting, sum(refunds_due)::int as refunds from order_day_tallies group by day
        having sum(orders) <> 0 or sum(revenue) <> 0 or sum(waiting) <> 0 or sum(refunds_due) <> 0 order by day`),
    );
    const counted = rows(
      await db.execute(sql`select (created_at at time zone 'UTC')::date::text as day,
        (count(*) filter (where state <> 'cancel'))::int as orders,
        coalesce(sum(amount_total) filter (where state <> 'cancel'), 0)::bigint::text as revenue,
        (count(*) filter (where state in ('sale', 'confirmed')))::int as waiting,
        (count(*) filter (where payment_status = 'refund_due'))::int as refunds
        from orders group by 1
        having count(*) filter (where state <> 'cancel' or payment_status = 'refund_due') > 0 order by 1`),
    );
    return { kept, counted };
  }

  beforeAll(async () => {
    t = await setupApi(kind, { poolSize: 40 });
    tok = {
      admin: (await t.login('admin')).access_token,
      customer: (await t.login('customer')).access_token,
      member: (await t.login('member')).access_token,
    };
    await setStock(t, Object.fromEntries(Object.values(t.ids.product).map((id) => [id, 1000])));
  });
  afterAll(() => t.close());

  it('the fixtures’ orders are tallied', async () => {
    const { kept, counted } = await tallies();
    expect(kept).toEqual(counted);
  });

  it('stay exact under orders placed, cancelled, confirmed, shipped and owed back at once, over two days', async () => {
    const p = t.ids.product;
    const place = (who: 'customer' | 'member', n: number) =>
      t.json('/api/commandes', {
        method: 'POST',
        token: tok[who],
        body: orderBody(t.ids.user[who], [[n % 2 ? p.frigo! : p.cuisiniere!, 1 + (n % 3)]]),
      });
    const move = (id: number, body: Record<string, unknown>) => t.json(`/api/commandes/${id}`, { method: 'PUT', token: tok.admin, body });

    for (let day = 0; day < 2; day++) {
      const first = await Promise.all(Array.from({ length: 24 }, (_, i) => place(i % 2 ? 'customer' : 'member', i)));
      expect(first.map((a) => a.status)).toEqual(Array(24).fill(201));
      const ids = first.map((a) => a.body.id as number);
      // New orders while others are cancelled by their shopper, confirmed, and raced on by two admins at once.
      const burst = await Promise.all([
        ...Array.from({ length: 12 }, (_, i) => place('customer', i)),
        ...ids.slice(0, 6).map((id, i) => t.json(`/api/commande/${id}/annuler`, { token: tok[i % 2 ? 'customer' : 'member'] })),
        ...ids.slice(6, 12).map((id) => move(id, { state: 'confirmed' })),
        ...ids.slice(6, 12).map((id) => move(id, { state: 'cancel' })),
        ...ids.slice(12, 18).map((id) => move(id, { state: 'confirmed' })),
      ]);
      expect(burst.filter((a) => a.status >= 500)).toEqual([]);
      const later = await Promise.all([
        ...ids.slice(12, 18).map((id) => move(id, { state: 'shipped' })),
        ...ids.slice(0, 3).map((id) => move(id, { payment_status: 'refund_due', reason: 'Payé par erreur' })),
        ...Array.from({ length: 6 }, (_, i) => place('member', i)),
      ]);
      expect(later.filter((a) => a.status >= 500)).toEqual([]);
      t.clock.advance(86_400);
      // Access tokens live 15 minutes.
      for (const who of ['admin', 'customer', 'member'] as const) tok[who] = (await t.login(who)).access_token;
    }

    const { kept, counted } = await tallies();
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(kept).toEqual(counted);
    expect(counted.reduce((n, d) => n + Number(d.refunds), 0)).toBeGreaterThan(0);

    // The dashboard reads them: the last two days and what waits are those of the orders themselves.
    const board = await dashboard(t.database.db, t.clock.now);
    const byDay = new Map(counted.map((d) => [d.day, d]));
    for (const d of board.days) {
      const c = byDay.get(d.date);
      expect(d).toEqual({ date: d.date, orders: Number(c?.orders ?? 0), revenue: Number(c?.revenue ?? 0) });
    }
    expect(board.waiting).toBe(counted.reduce((n, d) => n + Number(d.waiting), 0));
    expect(board.refunds_due).toBe(counted.reduce((n, d) => n + Number(d.refunds), 0));
  });

  it('its stock alerts stay exact under sales, cancellations and stock set at once', async () => {
    const ids = Object.values(t.ids.product);
    await setStock(t, Object.fromEntries(ids.map((id) => [id, 5])));
    const sell = (id: number, n: number) =>
      t.json('/api/commandes', { method: 'POST', token: tok.customer, body: orderBody(t.ids.user.customer, [[id, n]]) });
    const sold = await Promise.all(ids.flatMap((id, k) => [sell(id, 1), sell(id, 1), sell(id, k % 2 ? 3 : 1)]));
    expect(sold.filter((a) => a.status >= 500)).toEqual([]);
    const placed = sold.filter((a) => a.status === 201).map((a) => a.body.id as number);
    const moved = await Promise.all([
      ...placed.filter((_, k) => k % 3 === 0).map((id) => t.json(`/api/commande/${id}/annuler`, { token: tok.customer })),
      ...ids.slice(0, 3).map((id) => sell(id, 1)),
    ]);
    expect(moved.filter((a) => a.status >= 500)).toEqual([]);
    await setStock(t, { [ids[0]!]: 0, [ids[1]!]: 3 });
    const [counted] = rows(
      await t.database.db.execute(sql`select (count(*) filter (where quantity <= 0))::int as out,
        (count(*) filter (where quantity between 1 and 3))::int as low from products where sale_ok`),
    );
    const board = await dashboard(t.database.db, t.clock.now);
    expect(Number(counted!.low)).toBeGreaterThan(0);
    expect({ out: board.out_of_stock, low: board.low_stock }).toEqual({ out: counted!.out, low: counted!.low });
  });
});
