/**
 * Whole listing answers (§7 `produits-filtrer…`), remembered per filter and page, and served again while the catalogue's
 * answer version (row 2 of `catalogue_version`, migration 0009) stays the same: one primary-key read instead of the page,
 * its tags, its total and the JSON. Every change an answer shows bumps that version at its commit, on every instance.
 */
import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { catalogueVersion } from './schema.ts';
import { versionedMemory } from './versioned-memory.ts';

// A shop's shoppers ask the same few first pages again and again; a few hundred answers of ~10 KB each stay small.
const answers = versionedMemory<string>(500);

/**
 * The JSON text of the answer `key` names (the same key for the same filter, page and size): remembered when the catalogue is
 * at the version it was made at, else made by `make` and remembered. The version is read before `make` reads the rows, so a
 * remembered answer is never older than its version.
 */
export async function rememberedAnswer(db: Db, key: string, make: () => Promise<unknown>): Promise<string> {
  const [row] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion).where(eq(catalogueVersion.id, 2));
  const remembered = row ? answers.get(db, key, row.version) : undefined;
  if (remembered !== undefined) return remembered;
  const body = JSON.stringify(await make());
  if (row) answers.set(db, key, row.version, body);
  return body;
}
