/**
 * Whole listing answers (§7 `produits-filtrer…`), remembered per filter and page, and served again while the catalogue's
 * answer version (row 2 of `catalogue_version`, migrations 0009 and 0018) stays the same: one statement instead of the page,
 * its tags, its total and the JSON. Every change an answer shows but stock bumps that version at its commit, on every
 * instance; stock, which every sale changes, is read afresh in that same statement for the answer's few products (by their
 * primary key) and written into the remembered JSON, so a sale leaves the memory as it is and the stock shown is current.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { catalogueVersion, products } from './schema.ts';
import { versionedMemory } from './versioned-memory.ts';

/** What a listing answer carries: products with their stock, and whatever else (the total). */
export interface ListingAnswer {
  products: ReadonlyArray<{ id: number; quantity: number }>;
}

// The answer's JSON cut where each product's stock goes: pieces[0] + stock of ids[0] + pieces[1] + … + pieces[n].
interface Remembered {
  ids: number[];
  pieces: string[];
}

// A shop's shoppers ask the same few first pages again and again; a few hundred answers of ~10 KB each stay small.
const answers = versionedMemory<Remembered>(500);

// Stands for a product's stock while the answer is written: a string, so JSON writes it as `"quantity":"\u0000"`, which
// no product's text can give (text is written between quotes, so a `"` inside it is escaped, and no other key is `quantity`).
const HOLE = '\u0000';
const HOLE_JSON = `"quantity":${JSON.stringify(HOLE)}`;

/** The answer cut at its products' stock, or null when it cannot be cut so (then it is not remembered). */
function cut(answer: ListingAnswer): Remembered | null {
  const ids = answer.products.map((p) => p.id);
  const holed = { ...answer, products: answer.products.map((p) => ({ ...p, quantity: HOLE })) };
  const pieces = JSON.stringify(holed).split(HOLE_JSON);
  if (pieces.length !== ids.length + 1) return null;
  return { ids, pieces };
}

/** The remembered answer's JSON with each product's `stock`. */
function sew(answer: Remembered, stock: ReadonlyMap<number, number>): string {
  let body = answer.pieces[0]!;
  for (let i = 0; i < answer.ids.length; i++) body += `"quantity":${stock.get(answer.ids[i]!)}${answer.pieces[i + 1]!}`;
  return body;
}

/**
 * The JSON text of the answer `key` names (the same key for the same filter, page and size), with the ids of its products:
 * the remembered one, with the stock of its products as it is now, when the catalogue is at the version it was made at;
 * else made by `make` and remembered. The version is read before `make` reads the rows, so a remembered answer is never
 * older than its version.
 */
export async function rememberedListing(db: Db, key: string, make: () => Promise<ListingAnswer>): Promise<{ json: string; ids: number[] }> {
  const known = answers.peek(db, key);
  const ids = known?.value.ids ?? [];
  // The version and the stock of the remembered answer's products, in one statement (one snapshot).
  const rows = await db
    .select({ version: catalogueVersion.version, id: products.id, quantity: products.quantity })
    .from(catalogueVersion)
    .leftJoin(products, ids.length ? inArray(products.id, ids) : sql`false`)
    .where(eq(catalogueVersion.id, 2));
  const version = rows[0]?.version;
  if (known && version !== undefined && known.version === version) {
    const stock = new Map(rows.flatMap((r) => (r.id === null ? [] : [[r.id, r.quantity!] as const])));
    // A product gone at the same version was removed with the triggers off: made afresh below.
    if (ids.every((id) => stock.has(id))) {
      answers.get(db, key, version);
      return { json: sew(known.value, stock), ids };
    }
  }
  const answer = await make();
  const made = version === undefined ? null : cut(answer);
  if (made && version !== undefined) answers.set(db, key, version, made);
  return { json: JSON.stringify(answer), ids: answer.products.map((p) => p.id) };
}

/** The JSON text of the answer `key` names: `rememberedListing`'s, without the ids. */
export async function rememberedAnswer(db: Db, key: string, make: () => Promise<ListingAnswer>): Promise<string> {
  return (await rememberedListing(db, key, make)).json;
}
