/** The `total` of a §7 listing: counted once per filter and catalogue version, then remembered while the catalogue stays the same. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { catalogueVersion, products } from './schema.ts';

/** The catalogue's version as the running statement sees it (one read per statement, whatever the rows). */
export const catalogueVersionSql = sql<string>`(select ${catalogueVersion.version}::text from ${catalogueVersion} where ${catalogueVersion.id} = 1)`;

/** The count of a filter, with the catalogue version it was read at (one statement: one snapshot). */
export function countQuery(db: Db, where: SQL | undefined) {
  return db.select({ n: sql<number>`count(*)::int`, version: catalogueVersionSql }).from(products).where(where);
}

const sqlKey = ({ sql: text, params }: { sql: string; params: unknown[] }) => `sql\u0000${text}\u0000${JSON.stringify(params)}`;

interface Remembered { version: string; total: number }

// A count over 100 000 rows costs more than the page it goes with; a shop's traffic asks the same few filters again and again.
// Each database handle has its own memory (tests open many); the oldest filter is forgotten past MAX_FILTERS.
const MAX_FILTERS = 1_000;
const memory = new WeakMap<Db, Map<string, Remembered>>();

/**
 * Exact number of products matching `where`. `seen` is the version read with the page (null when the page is empty):
 * a total remembered at that version is still exact, because every change a filter can see bumps the version at its commit
 * (triggers of migration 0007). Otherwise one count, read in the same statement as the version it is remembered under.
 * `filterKey`, when given, must name `where` exactly (the same key for the same conditions, whatever the page).
 */
export async function listingTotal(db: Db, where: SQL | undefined, seen: string | null, filterKey?: string): Promise<number> {
  // A caller that knows its filter names it, which spares building the count's SQL only to recognise it.
  const key = filterKey === undefined ? sqlKey(countQuery(db, where).toSQL()) : `filter\u0000${filterKey}`;
  let known = memory.get(db);
  if (!known) memory.set(db, (known = new Map()));
  const hit = known.get(key);
  if (hit && seen !== null && hit.version === seen) {
    // Refreshes its place: the least recently asked filter is the one forgotten.
    known.delete(key);
    known.set(key, hit);
    return hit.total;
  }
  const [row] = await countQuery(db, where);
  const total = Number(row?.n ?? 0);
  known.delete(key);
  if (row?.version != null) known.set(key, { version: row.version, total });
  if (known.size > MAX_FILTERS) known.delete(known.keys().next().value!);
  return total;
}
