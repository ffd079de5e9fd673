/** The back office's product routes under `/api/admin` (§3 product fields): the full list, a photo upload, and the catalogue as CSV. */
import { stringify } from 'csv-stringify/sync';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { adminProductQuerySchema } from '../../domain/admin-products.schema.ts';
import { CSV_COLUMNS, csvHeader, csvRecordOf, readUtf8Csv } from '../../domain/catalogue-csv.ts';
import { audit } from '../admin/audit.ts';
import { renderUpload } from '../admin/product-image.ts';
import { applyImport, planImport, previewOf, refusalOf } from '../admin/product-import.ts';
import { requireAdmin } from '../auth/guard.ts';
import { heldUnits } from '../admin/held-stock.ts';
import type { AppEnv } from '../context.ts';
import { storeImages } from '../db/images.ts';
import { rememberedListing } from '../db/listing-answers.ts';
import { allProducts, containing, listProducts, productById } from '../db/products.ts';
import { products } from '../db/schema.ts';
import { idParam, validate } from '../http/validate.ts';

/** The back office's product list filter (§7 `GET /api/admin/produits`): every product, for sale or not, unless filtered. */
export function adminProductsWhere(q: {
  q?: string | undefined;
  category?: number | undefined;
  sale_ok?: 'true' | 'false' | undefined;
}): SQL | undefined {
  // Always true (ranks are 0 to 4): the predicate of products_admin_listing_idx, which only this list states, so the
  // storefront's pages keep walking their own index (products_listing_idx, with their filters inside it).
  const conds: SQL[] = [sql`${products.categoryRank} >= 0`];
  if (q.q) {
    // Folded name and description, as the storefront's search reads them ("refrigerateur" finds "Réfrigérateur"):
    // the very column products_search_trgm_idx covers, so a search never scans the catalogue.
    conds.push(sql`${products.searchText} like ${containing(q.q)}`);
  }
  if (q.category !== undefined) conds.push(eq(products.categoryId, q.category));
  if (q.sale_ok) conds.push(eq(products.saleOk, q.sale_ok === 'true'));
  return and(...conds);
}

const notFound = { message: 'Produit introuvable.' };
// The bytes as sent, not `c.req.text()`: that would turn a Windows-1252 é into U+FFFD without a word.
const sentCsv = async (c: Context<AppEnv>) => readUtf8Csv(new Uint8Array(await c.req.arrayBuffer()));

/** Admin product sub-app, mounted at `/api/admin`. */
export const adminProductRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/produits', validate('query', adminProductQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const { db } = c.var.deps;
    // Remembered as the storefront's pages are (listing-answers.ts): while the catalogue's version stays, one statement reads
    // the version and the page's stock by primary key, with no page query, no count and no JSON to write.
    const key = `admin\u0000${JSON.stringify([q.q ?? null, q.category ?? null, q.sale_ok ?? null])}\u0000${q.page}\u0000${q.limit}`;
    const { json, ids } = await rememberedListing(db, key, () => listProducts(db, adminProductsWhere(q), q.page, q.limit));
    // Held apart from sold: units taken by orders not yet paid or confirmed, which come back if their hold ends. Orders
    // change them without moving the catalogue's version, so they are read afresh.
    const held = JSON.stringify(await heldUnits(db, ids));
    return c.body(`${json.slice(0, -1)},"held":${held}}`, 200, { 'Content-Type': 'application/json' });
  })
  .get('/produits.csv', async (c) => {
    const all = (await allProducts(c.var.deps.db, undefined)).sort((a, b) => a.id - b.id);
    // A BOM and semicolons: what French Excel expects to open a UTF-8 file with its accents.
    const csv = stringify([CSV_COLUMNS.map(csvHeader), ...all.map(csvRecordOf)], {
      bom: true,
      delimiter: ';',
      record_delimiter: 'windows',
      escape_formulas: true,
    });
    const day = c.var.deps.now().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="produits-${day}.csv"`,
    });
  })
  .put('/produits/:id/image', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, now } = c.var.deps;
    const [before] = await db.select({ version: products.imageVersion }).from(products).where(eq(products.id, id));
    if (!before) return c.json(notFound, 404);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length === 0) return c.json({ message: 'Aucune image reçue.' }, 400);
    const image = await renderUpload(bytes);
    if (!image) return c.json({ message: 'Ce fichier n’est pas une image JPEG, PNG ou WebP lisible.' }, 400);
    await db.transaction(async (tx) => {
      await storeImages(tx, [image]);
      await tx.update(products).set({ imageVersion: image.version, updatedAt: now() }).where(eq(products.id, id));
      await audit(
        tx,
        {
          userId: c.var.principal!.id,
          entity: 'product',
          entityId: id,
          action: 'image',
          changes: { image: [before.version, image.version] },
        },
        now(),
      );
    });
    return c.json(await productById(db, id));
  })
  .post('/produits/import/apercu', async (c) => {
    const read = await sentCsv(c);
    if ('error' in read) return c.json({ message: read.error, line: read.line }, 400);
    return c.json(previewOf(await planImport(c.var.deps.db, read.text)));
  })
  .post('/produits/import', async (c) => {
    const read = await sentCsv(c);
    if ('error' in read) return c.json({ message: read.error, line: read.line }, 400);
    const { text } = read;
    const { db, now } = c.var.deps;
    const outcome = await db.transaction(async (tx) => {
      // Checked again inside the transaction: the catalogue may have changed since the preview.
      const plan = await planImport(tx, text);
      const refused = refusalOf(plan);
      if (refused) return { refused: { ...refused, ...previewOf(plan) } };
      return { result: await applyImport(tx, plan, c.var.principal!.id, now()) };
    });
    return 'refused' in outcome ? c.json(outcome.refused, 400) : c.json(outcome.result);
  });
