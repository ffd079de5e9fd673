/** Searches and suggestions that found nothing (§7 "CRM and search tracking"), counted per day for "Suivi clients" (migration 0012). */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowsOf } from './rows.ts';
import { listingWhere } from './products.ts';
import { searchMissDays } from './schema-search.ts';
import { searchReadings, synonymsNow } from './search-words.ts';
import { searchAlternatives } from '../../domain/search-words.ts';
import { catalogueVersionSql } from './listing-total.ts';
import { versionedMemory } from './versioned-memory.ts';
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

// Whether a word finds a product hangs on the products' names, descriptions and sale_ok and on the synonyms, and each of
// those moves row 1 of catalogue_version at its commit: an answer is remembered under the version it was read at.
const finding = versionedMemory<boolean>(2_000);

/**
 * For each of `terms`, what `searchFinds` answers: remembered while the catalogue's version stays, the others probed
 * together in one statement that reads the version too (so an answer is never remembered under a version it was not read at).
 */
export async function searchFindsEach(db: Db, terms: readonly string[]): Promise<boolean[]> {
  const { synonyms, version } = await synonymsNow(db);
  const out = terms.map((term) => finding.get(db, term, version));
  const unknown = terms.flatMap((_, i) => (out[i] === undefined ? [i] : []));
  if (unknown.length) {
    const probes = unknown.map(
      (i) =>
        sql`select ${i}::int as i, exists (select 1 from ${products} where ${listingWhere('all', { search: terms[i] }, searchAlternatives(terms[i]!, synonyms))}) as found`,
    );
    const rows = rowsOf(
      await db.execute(sql`select p.i, p.found, ${catalogueVersionSql} as version from (${sql.join(probes, sql` union all `)}) as p`),
    );
    for (const r of rows) {
      const i = Number(r.i);
      out[i] = r.found === true;
      if (r.version === version) finding.set(db, terms[i]!, version, out[i]);
    }
  }
  return out.map((found) => found === true);
}

/** Counts one search of `terme` that found nothing, on the day of `at` (UTC, Dakar's time), under its trimmed, lower-cased form. */
export async function countMiss(db: Db, terme: string, at: Date): Promise<void> {
  await db
    .insert(searchMissDays)
    .values({ day: at.toISOString().slice(0, 10), terme: terme.trim().toLowerCase(), count: 1 })
    .onConflictDoUpdate({ target: [searchMissDays.day, searchMissDays.terme], set: { count: sql`${searchMissDays.count} + 1` } });
}
