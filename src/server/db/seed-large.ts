/** Bulk catalogue for benchmarks: thousands of variants of the demo models, sharing one rendered image per model. */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { renderAll, storeImages } from './images.ts';
import { CATALOGUE } from './seed-catalogue.ts';
import { INTERNAL_CATEGORIES, TAGS, VISIBLE_CATEGORIES } from './seed-data.ts';
import { bulkProduct, prng, type SeedProduct } from './seed-products.ts';
import { chunks } from './rows.ts';
import { ensureNames, insertProducts } from './seed-write.ts';

/** What a bulk seed added. */
export interface LargeSeedReport {
  products: number;
  ms: number;
}

const BATCH = 1_000;

/** Appends `count` generated products (varied categories, prices, tags and flags), in one transaction; `images: false` leaves them without pictures. */
export async function seedLarge(
  db: Db,
  count: number,
  opts: { seed?: number; now?: Date; images?: boolean } = {},
): Promise<LargeSeedReport> {
  const started = performance.now();
  if (!Number.isInteger(count) || count < 0) throw new Error(`Nombre de produits invalide : ${count}.`);
  if (count === 0) return { products: 0, ms: 0 };
  const rng = prng(opts.seed ?? 7_325);
  const now = opts.now ?? new Date();
  // Rendering is the slow part: each catalogue model is drawn once (as in the demo) and all its variants share that image.
  const models = CATALOGUE.map((m, k) => ({ ...m, seed: k + 1 }));
  const images =
    opts.images === false ? [] : await renderAll(models, (m) => ({ name: m.name, brand: m.brand, category: m.category, seed: m.seed }));
  const rows: SeedProduct[] = [];
  const versions: Array<string | null> = [];
  for (let i = 0; i < count; i++) {
    const t = Math.floor(rng() * CATALOGUE.length);
    rows.push(bulkProduct(rng, CATALOGUE[t]!, 100 + i, now));
    versions.push(images[t]?.version ?? null);
  }
  await db.transaction(async (tx) => {
    const ids = await ensureNames(tx, [...VISIBLE_CATEGORIES, ...INTERNAL_CATEGORIES], TAGS);
    // Images are addressed by content: variants of one model share its stored renditions.
    if (images.length) await storeImages(tx, images);
    for (const [b, batch] of chunks(rows, BATCH).entries()) {
      await insertProducts(tx, batch, versions.slice(b * BATCH, (b + 1) * BATCH), ids);
    }
  });
  // Fresh statistics and visibility map: the planner then picks the listing indexes (and index-only counts) at once,
  // without waiting for autovacuum (PGlite has none).
  await db.execute(sql`vacuum analyze products, product_tags`);
  return { products: count, ms: Math.round(performance.now() - started) };
}
