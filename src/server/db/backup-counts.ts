/** What an operator checks a backup or a restore by (README "Backups"): the shop's orders, lines, products and customers. */
import { sql } from 'drizzle-orm';
import { pgTransaction } from './backup-postgres.ts';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';

/** The counts printed after a backup or a restore. */
export interface ShopCounts {
  orders: number;
  lines: number;
  products: number;
  customers: number;
}

const COUNTS = `select (select count(*) from public.orders)::int as orders, (select count(*) from public.order_lines)::int as lines,
  (select count(*) from public.products)::int as products, (select count(*) from public.users where role = 'customer')::int as customers`;

const shape = (r: Record<string, unknown>): ShopCounts => ({
  orders: Number(r.orders),
  lines: Number(r.lines),
  products: Number(r.products),
  customers: Number(r.customers),
});

/** Counts read through an open database. */
export async function countShop(db: Db): Promise<ShopCounts> {
  return shape(rowsOf(await db.execute(sql.raw(COUNTS)))[0]!);
}

/**
 * Runs `dump` on PostgreSQL inside one snapshot that the counts are read in too (`pg_dump --snapshot`), so they are
 * exactly what the archive holds while the shop goes on selling. Returns those counts.
 */
export async function countPostgresWhile(url: string, dump: (snapshot: string) => Promise<void>): Promise<ShopCounts> {
  return pgTransaction(
    url,
    async (client) => {
      const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
      const counts = shape((await client.query(COUNTS)).rows[0]);
      // The exported snapshot lives as long as this transaction: pg_dump runs before it ends.
      await dump(rows[0]!.id);
      return counts;
    },
    'begin isolation level repeatable read read only',
  );
}

/** The counts in French: « 12 commandes (30 lignes), 25 produits, 8 clients ». */
export const describeCounts = (c: ShopCounts) =>
  `${c.orders} commande${c.orders > 1 ? 's' : ''} (${c.lines} ligne${c.lines > 1 ? 's' : ''}), ${c.products} produit${c.products > 1 ? 's' : ''}, ${c.customers} client${c.customers > 1 ? 's' : ''}`;
