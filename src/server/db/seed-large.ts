/** Bulk catalogue for benchmarks: thousands of variants of the demo models, sharing one rendered image per model. */
import type { Db } from './client.ts';
import { renderAll, storeImages } from './images.ts';
import { CATALOGUE } from './seed-catalogue.ts';
import { INTERNAL_CATEGORIES, TAGS, VISIBLE_CATEGORIES } from './seed-data.ts';
import { bulkProduct, prng, type SeedProduct } from './seed-products.ts';
import { chunks, ensureNames, insertProducts } from './seed-write.ts';

/** What a bulk seed added. */
export interface LargeSeedReport {
  products: number;
  ms: number;
}

const BATCH = 1_000;

/** Appends `count` generated products (varied categories, prices, tags and flags), in one transaction. */
export async function seedLarge(db: Db, count: number, opts: { seed?: number; now?: Date } = {}): Promise<LargeSeedReport> {
  const started = performance.now();
  if (!Number.isInteger(count) || count < 0) throw new Error(`Nombre de produits invalide : ${count}.`);
  if (count === 0) return { products: 0, ms: 0 };
  const rng = prng(opts.seed ?? 7_325);
  const now = opts.now ?? new Date();
  // Rendering is the slow part: each catalogue model is drawn once (as in the demo) and all its variants share that image.
  const models = CATALOGUE.map((m, k) => ({ ...m, seed: k + 1 }));
  const images = await renderAll(models, (m) => ({ name: m.name, brand: m.brand, category: m.category, seed: m.seed }));
  const rows: SeedProduct[] = [];
  const versions: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = Math.floor(rng() * CATALOGUE.length);
    rows.push(bulkProduct(rng, CATALOGUE[t]!, 100 + i, now));
    versions.push(images[t]!.version);
  }
  await db.transaction(async (tx) => {
    const ids = await ensureNames(tx, [...VISIBLE_CATEGORIES, ...INTERNAL_CATEGORIES], TAGS);
    // Images are addressed by content: variants of one model share its stored renditions.
    await storeImages(tx, images);
    for (const [b, batch] of chunks(rows, BATCH).entries()) {
      await insertProducts(tx, batch, versions.slice(b * BATCH, (b + 1) * BATCH), ids);
    }
  });
  return { products: count, ms: Math.round(performance.now() - started) };
}

