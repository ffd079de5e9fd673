/** Batched writes shared by the demo and bulk seeds. */
import { categoryBucket, PRIORITY_CATEGORIES } from '../../domain/sorting.ts';
import type { Db } from './client.ts';
import { categories, products, productTags, tags } from './schema.ts';
import type { SeedProduct } from './seed-products.ts';

/** Ids of categories and tags, keyed by lower-cased name. */
export interface NameIds {
  categories: Map<string, number>;
  tags: Map<string, number>;
}

// 1 000 products × 17 columns stays well under PostgreSQL's 65 535 bind parameters per statement.
const BATCH = 1_000;

/** Splits a list into consecutive slices of at most `size` items. */
export function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Creates the missing categories and tags (names are unique regardless of case) and returns all their ids. */
export async function ensureNames(db: Db, categoryNames: readonly string[], tagNames: readonly string[]): Promise<NameIds> {
  if (categoryNames.length) await db.insert(categories).values(categoryNames.map((name) => ({ name }))).onConflictDoNothing();
  if (tagNames.length) await db.insert(tags).values(tagNames.map((name) => ({ name }))).onConflictDoNothing();
  const byName = (rows: Array<{ id: number; name: string }>) => new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
  return {
    categories: byName(await db.select({ id: categories.id, name: categories.name }).from(categories)),
    tags: byName(await db.select({ id: tags.id, name: tags.name }).from(tags)),
  };
}

/** Inserts products and their tag links in batches; `versions[i]` is the image version of `rows[i]`. Returns the new ids in order. */
export async function insertProducts(db: Db, rows: readonly SeedProduct[], versions: readonly (string | null)[], ids: NameIds): Promise<number[]> {
  const out: number[] = [];
  for (const [b, batch] of chunks(rows, BATCH).entries()) {
    const values = batch.map((p, j) => ({
      name: p.name, description: p.description, categoryId: ids.categories.get(p.category.toLowerCase()) ?? null,
      categoryRank: ids.categories.has(p.category.toLowerCase()) ? categoryBucket(p.category) : PRIORITY_CATEGORIES.length,
      listPrice: p.listPrice, enPromo: p.enPromo, promoPrice: p.promoPrice, preorderPrice: p.preorderPrice,
      isCreditorder: p.isCreditorder, creditorderPrice: p.creditorderPrice, saleOk: p.saleOk, rang: p.rang,
      quantity: p.quantity, date: p.date, location: p.location, imageVersion: versions[b * BATCH + j] ?? null,
    }));
    const inserted = await db.insert(products).values(values).returning({ id: products.id });
    // PostgreSQL returns a multi-row INSERT's rows in VALUES order, so ids line up with `batch`.
    const links = batch.flatMap((p, j) => p.tags.map((t) => ({ productId: inserted[j]!.id, tagId: ids.tags.get(t.toLowerCase())! })))
      .filter((l) => l.tagId !== undefined);
    if (links.length) await db.insert(productTags).values(links).onConflictDoNothing();
    out.push(...inserted.map((r) => r.id));
  }
  return out;
}

/** True when the catalogue already has at least one product. */
export async function hasProducts(db: Db): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length > 0;
}
