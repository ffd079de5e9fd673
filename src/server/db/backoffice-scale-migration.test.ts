import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrderQuerySchema } from '../../domain/admin.schema.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { migrateAll, migrationsBefore } from '../../../tests/fixtures/migrations.ts';
import { listOrders } from '../admin/orders-list.ts';
import type { Database } from './client.ts';

// Our migrations up to the one under test, excluded: the schema a shop had before it.
const before = migrationsBefore('0016_backoffice_scale');

const rows = (res: unknown) => (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as Array<Record<string, unknown>>;

describe.each(testDatabases())('the back-office indexes migration on $name', (kind) => {
  let database: Database;

  // A shop with orders taken before the indexes existed, then migrated.
  beforeAll(async () => {
    database = await kind.open({ migrationsFolder: before });
    await database.db.execute(sql`insert into orders (reference, type_sale, payment_mode, payment_status, state, amount_total, stock_taken,
        commitment_date, name, email, telephone, created_at, updated_at)
      values ('BQ-ZZZZ2222', 'order', 'domicile', 'unpaid', 'sale', 275000, true, now(), 'Ndèye Cissé', 'Ndeye@Exemple.sn', '221761234567', now(), now())`);
    await migrateAll(database);
  });
  afterAll(() => database?.close());

  it('adds the back office’s indexes, and the orders taken before are found by each kind of search', async () => {
    const names = rows(await database.db.execute(sql`select indexname from pg_indexes where schemaname = 'public'`)).map(
      (r) => r.indexname,
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'orders_created_idx',
        'orders_telephone_idx',
        'orders_telephone_trgm_idx',
        'orders_name_trgm_idx',
        'orders_email_trgm_idx',
        'orders_refund_due_idx',
        'users_name_trgm_idx',
        'users_email_trgm_idx',
        'crm_records_type_updated_idx',
        'products_stock_idx',
      ]),
    );
    for (const q of ['bq zzzz 2222', '+221 76 123 45 67', '1234567', 'ndeye@exemple', 'cisse', 'NDÈYE']) {
      const page = await listOrders(database.db, adminOrderQuerySchema.parse({ q }));
      expect([q, page.orders.map((o) => o.reference)]).toEqual([q, ['BQ-ZZZZ2222']]);
    }
  });
});
