/** The `total` of a §7 listing: counted once per filter and catalogue version, then remembered while the catalogue stays the same. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { catalogueVersion, products } from './schema.ts';
import { versionedMemory } from './versioned-memory.ts';

/** The catalogue's version as the running statement sees it (one read per statement, whatever the rows). */
export const catalogueVersionSql = sql<string>`(select ${catalogueVersion.version}::text from ${catalogueVersion} where ${catalogueVersion.id} = 1)`;

/** The count of a filter, with the catalogue version it was read at (one statement: one snapshot). */
export function countQuery(db: Db, where: SQL | undefined) {
  return db.select({ n: sql<number>`count(*)::int`, version: catalogueVersionSql }).from(products).where(where);
}

const sqlKey = ({ sql: text, params }: { sql: string; params: unknown[] }) => `sql\u0000${text}\u0000${JSON.stringify(params)}`;

// A count over 100 000 rows costs more than the page it goes with; a shop's traffic asks the same few filters again and again.
const totals = versionedMemory<number>(1_000);

/**
 * Exact number of products matching `where`. `seen` is the version read with the page (null when the page is empty):
 * a total remembered at that version is still exact, because every change a filter can see bumps the version at its commit
 * (triggers of migration 0007). Otherwise one count, read in the same statement as the version it is remembered under.
 * `filterKey`, when given, must name `where` exactly (the same key for the same conditions, whatever the page).
 */
export async function listingTotal(db: Db, where: SQL | undefined, seen: string | null, filterKey?: string): Promise<number> {
  // A caller that knows its filter names it, which spares building the count's SQL only to recognise it.
  const key = filterKey === undefined ? sqlKey(countQuery(db, where).toSQL()) : `filter\u0000${filterKey}`;
  const remembered = seen === null ? undefined : totals.get(db, key, seen);
  if (remembered !== undefined) return remembered;
  const [row] = await countQuery(db, where);
  const total = Number(row?.n ?? 0);
  if (row?.version != null) totals.set(db, key, row.version, total);
  return total;
}
