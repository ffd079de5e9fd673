import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { migrateAll, migrationsBefore } from '../../../tests/fixtures/migrations.ts';
import { dashboard } from '../admin/dashboard.ts';
import type { Database } from './client.ts';

// Our migrations up to the one under test, excluded: the schema a shop had before it.
const before = migrationsBefore('0020_backoffice_tallies');

// Orders taken before the tallies existed: [reference, state, payment status, amount, created at].
const ORDERS: Array<[string, string, string, number, string]> = [
  ['BQ-ZZZZ2222', 'sale', 'unpaid', 275000, '2026-11-20T23:59:59Z'],
  ['BQ-ZZZZ2223', 'confirmed', 'paid', 100000, '2026-11-21T00:00:00Z'],
  ['BQ-ZZZZ2224', 'cancel', 'refund_due', 50000, '2026-11-21T09:00:00Z'],
  ['BQ-ZZZZ2225', 'delivered', 'paid', 80000, '2026-11-21T18:30:00Z'],
  ['BQ-ZZZZ2226', 'cancel', 'cancelled', 40000, '2026-10-01T12:00:00Z'],
];

describe.each(testDatabases())('the dashboard tallies migration on $name', (kind) => {
  let database: Database;

  beforeAll(async () => {
    database = await kind.open({ migrationsFolder: before });
    for (const [reference, state, status, amount, created] of ORDERS)
      await database.db.execute(sql`insert into orders (reference, type_sale, payment_mode, payment_status, state, amount_total, stock_taken,
          commitment_date, created_at, updated_at)
        values (${reference}, 'order', 'domicile', ${status}, ${state}, ${amount}, true, now(), ${created}::timestamptz, now())`);
    // Stock: none, none but not for sale, 1, 3, 4.
    await database.db.execute(sql`insert into products (name, list_price, quantity, sale_ok)
      values ('A', 1000, 0, true), ('B', 1000, -1, false), ('C', 1000, 1, true), ('D', 1000, 3, true), ('E', 1000, 4, true)`);
    await migrateAll(database);
  });
  afterAll(() => database?.close());

  it('fills the tallies from the orders and products there before, and the dashboard reads them', async () => {
    const board = await dashboard(database.db, new Date('2026-11-21T20:00:00Z'));
    expect(board.days.slice(-2)).toEqual([
      { date: '2026-11-20', orders: 1, revenue: 275000 },
      { date: '2026-11-21', orders: 2, revenue: 180000 },
    ]);
    expect(board.today).toEqual({ orders: 2, revenue: 180000 });
    expect([board.waiting, board.refunds_due]).toEqual([2, 1]);
    expect([board.out_of_stock, board.low_stock]).toEqual([1, 2]);
  });
});
