import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderQuerySchema } from '../../domain/admin.schema.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import type { Database } from '../db/client.ts';
import { seedLarge } from '../db/seed-large.ts';
import { seedYears } from '../db/seed-years.ts';
import { users } from '../db/schema.ts';
import { customerSearch } from './customers.ts';
import { orders } from '../db/schema-orders.ts';
import { COUNT_CAP, cappedCount, knownOverCap, listOrders, orderPageQuery, SEARCH_COUNT_CAP } from './orders-list.ts';
import { pageQuery } from '../db/products.ts';
import { adminProductsWhere } from '../routes/admin-products.ts';
import { dashboard } from './dashboard.ts';

// Enough orders that the planner weighs a full scan against the indexes as it would at the retailer's size (plans, never timings).
const ORDERS = 20_000;
const NOW = new Date('2026-11-21T10:00:00Z');

describe.each(testDatabases())(`back-office query plans at ${ORDERS} orders on $name`, (kind) => {
  let database: Database;
  let sample: { reference: string; telephone: string; email: string; name: string };

  beforeAll(async () => {
    database = await kind.open();
    await seedLarge(database.db, 500, { images: false, now: NOW });
    await seedYears(database.db, { years: 0.4, customers: 20_000, orders: ORDERS, crm: 20_000, now: NOW });
    const res = await database.db.execute(
      sql`select reference, telephone, email, name from orders where email is not null order by created_at desc, id desc limit 1`,
    );
    sample = ((Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Array<typeof sample>)[0]!;
  }, 600_000);
  afterAll(() => database?.close());

  const explain = async (query: SQL | { getSQL: () => SQL }) => {
    const res = await database.db.execute(sql`explain ${'getSQL' in query ? query.getSQL() : query}`);
    const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Array<Record<string, string>>;
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  };
  const query = (q: Record<string, string>) => adminOrderQuerySchema.parse(q);

  // A name many share is found soonest by walking the newest orders; a rare one by its trigrams: either way, an index.
  it.each<[string, () => Record<string, string>, RegExp]>([
    ['the default page (newest first)', () => ({}), /orders_created_idx/],
    ['a page of one state', () => ({ state: 'sale' }), /orders_(state|created)_idx/],
    ['a reference', () => ({ q: sample.reference.slice(3).toLowerCase() }), /orders_reference_(key|unique)/],
    ['a phone, any spelling', () => ({ q: `+${sample.telephone.slice(0, 3)} ${sample.telephone.slice(3)}` }), /orders_telephone_idx/],
    ['a piece of a number', () => ({ q: sample.telephone.slice(-6) }), /orders_telephone_trgm_idx/],
    ['an e-mail', () => ({ q: sample.email.toUpperCase() }), /orders_email_trgm_idx/],
    [
      'a name without its accents',
      () => ({ q: sample.name.split(' ')[1]!.normalize('NFD').replace(/\p{M}/gu, '') }),
      /orders_(name_trgm|created)_idx/,
    ],
  ])('%s reads an index, never every order', async (_, q, index) => {
    const plan = await explain(orderPageQuery(database.db, query(q())));
    expect(plan).toMatch(index);
    expect(plan).not.toMatch(/Seq Scan on orders/);
  });

  it('finds the sample order by each kind of search, and counts what matches exactly below the cap', async () => {
    for (const q of [sample.reference, sample.telephone, sample.email, sample.name]) {
      const page = await listOrders(database.db, query({ q, limit: '100' }));
      expect([q, page.orders.map((o) => o.reference)]).toEqual([q, expect.arrayContaining([sample.reference])]);
      expect(page.capped).toBe(false);
    }
  });

  it('a count with no condition takes the planner’s estimate when it is far past the cap; with one, counts up to the cap', async () => {
    expect(await cappedCount(database.db, orders, undefined, 100)).toEqual({ total: 100, capped: true });
    expect(await cappedCount(database.db, orders, sql`${orders.reference} = ${sample.reference}`, 100)).toEqual({
      total: 1,
      capped: false,
    });
    expect(await cappedCount(database.db, orders, sql`${orders.state} <> 'cancel'`, 100)).toEqual({ total: 100, capped: true });
  });

  it('a name search past the cap is known past it from then on; a phone or another filter is counted each time', async () => {
    const surname = sample.name.split(' ')[1]!;
    expect(knownOverCap(database.db, query({ q: surname }))).toBe(false);
    const first = await listOrders(database.db, query({ q: surname }));
    expect(first).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true });
    expect(knownOverCap(database.db, query({ q: surname }))).toBe(true);
    expect(await listOrders(database.db, query({ q: surname, page: '3' }))).toMatchObject({ total: SEARCH_COUNT_CAP, capped: true });
    await listOrders(database.db, query({ q: surname, state: 'sale' }));
    expect(knownOverCap(database.db, query({ q: surname, state: 'sale' }))).toBe(false);
    await listOrders(database.db, query({ q: sample.telephone }));
    expect(knownOverCap(database.db, query({ q: sample.telephone }))).toBe(false);
  });

  it('counts no further than the cap on the default page, and still pages past it', async () => {
    const first = await listOrders(database.db, query({}));
    expect(first).toMatchObject({ total: COUNT_CAP, capped: true });
    expect(first.orders).toHaveLength(20);
    const times = first.orders.map((o) => Date.parse(o.date_order));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const far = await listOrders(database.db, query({ page: '600', limit: '20' }));
    expect(far.orders).toHaveLength(20);
    expect(far.capped).toBe(true);
    // The last page is not full: its end is the count, exact.
    const last = await listOrders(database.db, query({ page: String(Math.ceil(ORDERS / 30)), limit: '30' }));
    expect(last).toMatchObject({ total: ORDERS, capped: false });
    expect(last.orders).toHaveLength(ORDERS % 30);
    const past = await listOrders(database.db, query({ page: String(Math.ceil(ORDERS / 30) + 1), limit: '30' }));
    expect(past).toMatchObject({ orders: [], capped: true });
  });

  it('the products’ first page, for sale or not, walks products_admin_listing_idx and stops', async () => {
    const plan = await explain(pageQuery(database.db, adminProductsWhere({}), 1, 20));
    expect(plan).toMatch(/products_admin_listing_idx/);
    expect(plan).not.toMatch(/Seq Scan on products|Sort Key: products\.category_rank/);
  });

  it('the dashboard’s figures, read from the tallies, are those of the orders', async () => {
    const board = await dashboard(database.db, NOW);
    const res = await database.db.execute(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as date,
        (count(*) filter (where state <> 'cancel'))::int as orders, coalesce(sum(amount_total) filter (where state <> 'cancel'), 0)::bigint::text as revenue
      from orders where created_at >= ${new Date(Date.parse(board.days[0]!.date))} group by 1`);
    const counted = new Map(
      ((Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Array<{ date: string; orders: number; revenue: string }>).map(
        (d) => [d.date, d],
      ),
    );
    expect(board.days.reduce((n, d) => n + d.orders, 0)).toBeGreaterThan(0);
    for (const d of board.days)
      expect(d).toEqual({ date: d.date, orders: counted.get(d.date)?.orders ?? 0, revenue: Number(counted.get(d.date)?.revenue ?? 0) });
    const [waiting] = (await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.state} in ('sale', 'confirmed')`))!;
    expect(board.waiting).toBe(waiting!.n);
  });

  it.each<[string, () => string, RegExp]>([
    ['a phone', () => `0${sample.telephone.slice(3)}`.slice(1), /users_phone_key/],
    ['an e-mail', () => sample.email, /users_email_trgm_idx/],
    ['a rare name', () => 'zzqx', /users_name_trgm_idx/],
  ])('the customer search by %s reads an index, never every account', async (_, text, index) => {
    const plan = await explain(database.db.select({ id: users.id }).from(users).where(customerSearch(text())).orderBy(users.id).limit(20));
    expect(plan).toMatch(index);
    expect(plan).not.toMatch(/Seq Scan on users/);
  });
});
