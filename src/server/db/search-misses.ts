/** Searches and suggestions that found nothing (§7 "CRM and search tracking"), counted per day for "Suivi clients" (migration 0012). */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { listingWhere } from './products.ts';
import { searchMissDays } from './schema-search.ts';
import { searchReadings } from './search-words.ts';
import { products } from './schema.ts';

/** Whether the catalogue has a product on sale that `search` finds, its synonyms included (one trigram probe). */
export async function searchFinds(db: Db, search: string): Promise<boolean> {
  const { readings } = await searchReadings(db, search);
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(listingWhere('all', { search }, readings))
    .limit(1);
  return row !== undefined;
}

/** Counts one search of `terme` that found nothing, on the day of `at` (UTC, Dakar's time), under its trimmed, lower-cased form. */
export async function countMiss(db: Db, terme: string, at: Date): Promise<void> {
  await db
    .insert(searchMissDays)
    .values({ day: at.toISOString().slice(0, 10), terme: terme.trim().toLowerCase(), count: 1 })
    .onConflictDoUpdate({ target: [searchMissDays.day, searchMissDays.terme], set: { count: sql`${searchMissDays.count} + 1` } });
}
