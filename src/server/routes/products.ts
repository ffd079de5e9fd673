/** Catalogue routes of spec §7 "Products and categories": listings, lookups and admin writes. */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { productInputSchema, productPatchSchema, type ProductInput } from '../../domain/product-input.ts';
import { filterQuerySchema, type Scope } from '../../domain/filters.ts';
import { MIRROR_MAX } from '../../domain/mirror.ts';
import { audit, changesOf } from '../admin/audit.ts';
import { removalMessage, removeProduct } from '../admin/product-removal.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { rankOfCategory } from '../db/category-rank.ts';
import type { Db } from '../db/client.ts';
import { allProducts, listingWhere, listProducts, pageOfProducts, productById } from '../db/products.ts';
import { rememberedAnswer } from '../db/listing-answers.ts';
import { searchReadings } from '../db/search-words.ts';
import { categories, productTags, products, tags } from '../db/schema.ts';
import { idParam, validate } from '../http/validate.ts';

const notFound = { message: 'Produit introuvable.' };
const pageQuery = z.object({
  page: filterQuerySchema.shape.page,
  limit: z.coerce
    .number({ error: 'Le paramètre « limit » doit être un nombre.' })
    .int('Le paramètre « limit » doit être un nombre entier.')
    .min(1, 'Le paramètre « limit » doit être au moins 1.')
    .max(100, 'Le paramètre « limit » vaut au plus 100.')
    .default(100),
});

const selectionQuery = z.object({
  ids: z
    .string({ error: 'Le paramètre « ids » est obligatoire.' })
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, 'Le paramètre « ids » est une liste de numéros de produits séparés par des virgules.')
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.length <= MIRROR_MAX, `Le paramètre « ids » nomme au plus ${MIRROR_MAX} produits.`)
    .refine((ids) => ids.every((id) => id <= 2_147_483_647), 'Le paramètre « ids » nomme un produit qui n’existe pas.'),
});

/** Checks that referenced category and tags exist; a French message when one does not. */
async function checkRefs(db: Db, body: Partial<ProductInput>): Promise<{ message: string; field: string } | null> {
  if (body.categ_id != null) {
    const [cat] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, body.categ_id));
    if (!cat) return { message: `La catégorie ${body.categ_id} n’existe pas.`, field: 'categ_id' };
  }
  for (const id of new Set(body.tags ?? [])) {
    const [tag] = await db.select({ id: tags.id }).from(tags).where(eq(tags.id, id));
    if (!tag) return { message: `L’étiquette ${id} n’existe pas.`, field: 'tags' };
  }
  return null;
}

type Insert = typeof products.$inferInsert;
/** Product columns to write: values, or SQL worked out by the database (the rank). */
type ProductColumns = { [K in keyof Insert]?: Insert[K] | SQL };

/** The table columns a product body (§3 names) sets, with the §9 rank of its category; absent fields are left out. */
export function columnsOf(body: Partial<ProductInput>) {
  const v: ProductColumns = {};
  if (body.name !== undefined) v.name = body.name;
  if (body.description !== undefined) v.description = body.description;
  if (body.categ_id !== undefined) {
    v.categoryId = body.categ_id;
    v.categoryRank = rankOfCategory(body.categ_id);
  }
  if (body.list_price !== undefined) v.listPrice = body.list_price;
  if (body.en_promo !== undefined) v.enPromo = body.en_promo;
  if (body.promo_price !== undefined) v.promoPrice = body.promo_price;
  if (body.preorder_price !== undefined) v.preorderPrice = body.preorder_price;
  if (body.is_creditorder !== undefined) v.isCreditorder = body.is_creditorder;
  if (body.creditorder_price !== undefined) v.creditorderPrice = body.creditorder_price;
  if (body.sale_ok !== undefined) v.saleOk = body.sale_ok;
  if (body.rang !== undefined) v.rang = body.rang;
  if (body.quantity !== undefined) v.quantity = body.quantity;
  if (body.date !== undefined) v.date = body.date;
  if (body.location !== undefined) v.location = body.location;
  return v;
}

/** Query of `GET /api/produits-precommande`: the listing's search, read with the synonyms. */
const preorderQuery = z.object({ search: filterQuerySchema.shape.search });

const listing = (scope: Scope) =>
  new Hono<AppEnv>().get('/', validate('query', filterQuerySchema), async (c) => {
    const { page, limit, ...filters } = c.req.valid('query');
    const { db } = c.var.deps;
    // The parsed filters name the conditions exactly (the schema gives every key, in one order).
    const filterKey = `${scope}\u0000${JSON.stringify(filters)}`;
    // A synonym edit moves both catalogue versions, so a remembered answer never outlives the synonyms it was read with.
    const body = await rememberedAnswer(db, `${filterKey}\u0000${page}\u0000${limit}`, async () => {
      const search = filters.search?.trim() ? await searchReadings(db, filters.search) : null;
      // A total counted with these readings is remembered under their version too, never under a later table's.
      const key = search ? `${filterKey}\u0000${search.version}` : filterKey;
      return listProducts(db, listingWhere(scope, filters, search?.readings), page, limit, key);
    });
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  });

/** The product sub-app, mounted at `/api`. */
export const productRoutes = new Hono<AppEnv>()
  .route('/produits-filtrer', listing('all'))
  .route('/produits-filtrer-promo', listing('promo'))
  .route('/produits-filter-promo', listing('promo'))
  .route('/produits-filtrer-ramadan', listing('ramadan'))
  .route('/produits-filtrer-tabaski', listing('tabaski'))
  .get('/produits', async (c) => c.json(await allProducts(c.var.deps.db, listingWhere('all', {}))))
  // The products named by a cart's or the comparison's cookie mirror (domain/mirror.ts), in the order asked; those no
  // longer on sale are left out.
  .get('/produits-selection', validate('query', selectionQuery), async (c) => {
    const { ids } = c.req.valid('query');
    const found = await allProducts(c.var.deps.db, and(listingWhere('all', {}), inArray(products.id, ids)));
    const byId = new Map(found.map((p) => [p.id, p]));
    return c.json(ids.flatMap((id) => byId.get(id) ?? []));
  })
  .get('/produits-page', validate('query', pageQuery), async (c) => {
    const { page, limit } = c.req.valid('query');
    return c.json(await pageOfProducts(c.var.deps.db, listingWhere('all', {}), page, limit));
  })
  .get('/produits-count', async (c) => {
    const [row] = await c.var.deps.db.select({ n: sql<number>`count(*)::int` }).from(products).where(eq(products.saleOk, true));
    return c.json({ count: row?.n ?? 0 });
  })
  // The listing pages and filters in the browser; the search, which needs the synonyms, is read here (?search=).
  .get('/produits-precommande', validate('query', preorderQuery), async (c) => {
    const { db } = c.var.deps;
    const search = c.req.valid('query').search.trim();
    const readings = search ? (await searchReadings(db, search)).readings : undefined;
    return c.json(await allProducts(db, listingWhere('preorder', { search }, readings)));
  })
  .get('/produits-creditcommande', async (c) =>
    c.json(await allProducts(c.var.deps.db, and(listingWhere('all', {}), eq(products.isCreditorder, true)))),
  )
  .get('/produits/categorie/:id', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const [cat] = await c.var.deps.db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
    if (!cat) return c.json({ message: 'Catégorie introuvable.' }, 404);
    return c.json(await allProducts(c.var.deps.db, listingWhere('all', { category: id })));
  })
  .get('/produits/:id', validate('param', idParam), async (c) => {
    const p = await productById(c.var.deps.db, c.req.valid('param').id);
    if (!p || (!p.sale_ok && c.var.principal?.role !== 'admin')) return c.json(notFound, 404);
    return c.json(p);
  })
  .post('/produits', requireAdmin, validate('json', productInputSchema), async (c) => {
    const body = c.req.valid('json');
    const db = c.var.deps.db;
    const bad = await checkRefs(db, body);
    if (bad) return c.json(bad, 400);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({ ...columnsOf(body), name: body.name, listPrice: body.list_price })
        .returning({ id: products.id });
      const uniqueTags = [...new Set(body.tags ?? [])];
      if (uniqueTags.length) await tx.insert(productTags).values(uniqueTags.map((tagId) => ({ productId: row!.id, tagId })));
      await audit(
        tx,
        { userId: c.var.principal!.id, entity: 'product', entityId: row!.id, action: 'create', changes: changesOf({}, body) },
        c.var.deps.now(),
      );
      return row!.id;
    });
    return c.json(await productById(db, id), 201);
  })
  .put('/produits/:id', requireAdmin, validate('param', idParam), validate('json', productPatchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const db = c.var.deps.db;
    const before = await productById(db, id);
    if (!before) return c.json(notFound, 404);
    const bad = await checkRefs(db, body);
    if (bad) return c.json(bad, 400);
    await db.transaction(async (tx) => {
      const was = { ...before, categ_id: before.category_id, tags: before.tags.map((t) => t.id) };
      const changes = changesOf(was, { ...body, tags: body.tags ? [...new Set(body.tags)] : undefined });
      if (Object.keys(changes).length)
        await audit(tx, { userId: c.var.principal!.id, entity: 'product', entityId: id, action: 'update', changes }, c.var.deps.now());
      await tx
        .update(products)
        .set({ ...columnsOf(body), updatedAt: c.var.deps.now() })
        .where(eq(products.id, id));
      if (body.tags) {
        await tx.delete(productTags).where(eq(productTags.productId, id));
        const uniqueTags = [...new Set(body.tags)];
        if (uniqueTags.length) await tx.insert(productTags).values(uniqueTags.map((tagId) => ({ productId: id, tagId })));
      }
    });
    return c.json(await productById(db, id));
  })
  .delete('/produits/:id', requireAdmin, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, now } = c.var.deps;
    const removal = await removeProduct(db, id, c.var.principal!.id, now());
    if (!removal) return c.json(notFound, 404);
    const message = removalMessage(removal);
    if (removal.outcome === 'deleted') return c.json({ outcome: 'deleted' as const, id, message });
    return c.json({ outcome: 'retired' as const, id, message, product: (await productById(db, id))! });
  });
