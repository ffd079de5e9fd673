/** The synonym table of §9 search (migration 0012) as the search reads it: a shopper's words and their other readings. */
import { sql } from 'drizzle-orm';
import { searchAlternatives, type Synonym } from '../../domain/search-words.ts';
import type { Db } from './client.ts';
import { catalogueVersionSql } from './listing-total.ts';
import { searchSynonyms } from './schema-search.ts';

/** The readings of a search (folded, the search itself first) and the catalogue version the table was read at. */
export interface SearchReadings {
  readings: string[];
  version: string;
}

/** The synonyms of now and the catalogue version they were read at (one statement: the table is a few dozen rows). */
export async function synonymsNow(db: Db): Promise<{ synonyms: Synonym[]; version: string }> {
  const rows = await db
    .select({ word: searchSynonyms.word, meaning: searchSynonyms.meaning, version: catalogueVersionSql })
    .from(sql`(select 1) as one`)
    .leftJoin(searchSynonyms, sql`true`);
  const synonyms = rows.flatMap((r) => (r.word && r.meaning ? [{ word: r.word, meaning: r.meaning }] : []));
  return { synonyms, version: rows[0]?.version ?? '' };
}

/**
 * Every reading of `search` with the synonyms of now (`searchAlternatives`). The table is read with the version in one
 * statement: an edit moves row 1 of `catalogue_version` (its trigger), so the version names this table too.
 */
export async function searchReadings(db: Db, search: string): Promise<SearchReadings> {
  const { synonyms, version } = await synonymsNow(db);
  return { readings: searchAlternatives(search, synonyms), version };
}
