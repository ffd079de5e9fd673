/** Product reads shared by the catalogue routes: filtering, the §9 order, and the §3 answer shape. */
import { and, asc, eq, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Product } from '../../domain/catalogue.ts';
import type { FilterQuery, Scope } from '../../domain/filters.ts';
import type { Db } from './client.ts';
import { catalogueVersionSql, listingTotal } from './listing-total.ts';
import { categories, productTags, products, tags } from './schema.ts';

const shopperPrice = sql`(case when ${products.enPromo} and ${products.promoPrice} is not null then ${products.promoPrice} else ${products.listPrice} end)`;

/** §9 order: priority categories (the rank stored on each product, see category-rank.ts), then the others, then rang, then id. */
const listingOrder = [asc(products.categoryRank), asc(products.rang), asc(products.id)];

// The product's tags, alphabetical, read in the same statement as the product: one round trip per page, however many rows.
const tagsOf = sql<
  Array<{ id: number; name: string }>
>`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name, t.id)
  from ${productTags} pt join ${tags} t on t.id = pt.tag_id where pt.product_id = ${products.id}), '[]'::json)`;

/** A product's prices and whether it is on sale: read by the catalogue and by an order's pricing. */
export const priceColumns = {
  listPrice: products.listPrice,
  enPromo: products.enPromo,
  promoPrice: products.promoPrice,
  preorderPrice: products.preorderPrice,
  isCreditorder: products.isCreditorder,
  creditorderPrice: products.creditorderPrice,
  saleOk: products.saleOk,
};

const columns = {
  id: products.id,
  name: products.name,
  description: products.description,
  categoryId: products.categoryId,
  categoryName: categories.name,
  ...priceColumns,
  rang: products.rang,
  quantity: products.quantity,
  date: products.date,
  location: products.location,
  imageVersion: products.imageVersion,
  tags: tagsOf,
};
type Row = { [K in Exclude<keyof typeof columns, 'tags'>]: (typeof columns)[K]['_']['data'] | null } & { tags: unknown };

/** URL of a stored rendition; addressed by content so it can be cached forever. */
export function imageUrl(version: string | null, size: 256 | 1024): string | null {
  return version ? `/api/images/${version}/${size}.webp` : null;
}

// Both drivers hand json over parsed; the subquery's coalesce makes it an array, empty when the product has no tag.
const tagList = (v: unknown): Array<{ id: number; name: string }> => (Array.isArray(v) ? v : []);

function toProduct(r: Row): Product {
  return {
    id: r.id!,
    name: r.name!,
    description: r.description ?? '',
    categ_id: r.categoryName ?? null,
    category_id: r.categoryId ?? null,
    image_256: imageUrl(r.imageVersion ?? null, 256),
    image: imageUrl(r.imageVersion ?? null, 1024),
    list_price: r.listPrice!,
    en_promo: r.enPromo!,
    promo_price: r.promoPrice ?? null,
    preorder_price: r.preorderPrice ?? null,
    is_creditorder: r.isCreditorder!,
    creditorder_price: r.creditorderPrice ?? null,
    sale_ok: r.saleOk!,
    rang: r.rang!,
    quantity: r.quantity!,
    date: r.date ?? null,
    location: r.location ?? null,
    tags: tagList(r.tags),
  };
}

const hydrate = (rows: Row[]): Product[] => rows.map(toProduct);

// The tag's id is looked up once (names are unique whatever their case), so the planner treats the scope as a tag filter
// and keeps walking the listing index in §9 order instead of sorting every tagged product.
const taggedWith = (name: string) =>
  sql`exists (select 1 from ${productTags} pt where pt.product_id = ${products.id} and pt.tag_id = (select t.id from ${tags} t where lower(t.name) = ${name}))`;

/** A LIKE pattern for folded text (`search_fold`, migration 0008) containing `needle` literally, folded the same way (its % and _ escaped). */
export const containing = (needle: string) => sql`'%' || search_fold(${needle.replace(/[\\%_]/g, (m) => `\\${m}`)}) || '%'`;

/**
 * SQL conditions for a listing scope and its filters; only `sale_ok` products are ever listed. `readings` are the search's
 * readings with the synonyms (`searchReadings`, search-words.ts), each one a LIKE on the trigram index; without them, the search as typed.
 */
export function listingWhere(scope: Scope, f: Partial<FilterQuery>, readings?: readonly string[]): SQL | undefined {
  const conds: Array<SQL | undefined> = [eq(products.saleOk, true)];
  if (scope === 'promo') conds.push(eq(products.enPromo, true));
  if (scope === 'ramadan' || scope === 'tabaski') conds.push(taggedWith(scope));
  // isPreorderable (domain/preorder.ts) in SQL: a pre-order price and no stock. Neither column moves row 1 of catalogue_version,
  // so this scope is read afresh (GET /api/produits-precommande), never counted through listingTotal's memory.
  if (scope === 'preorder') conds.push(isNotNull(products.preorderPrice), lte(products.quantity, 0));
  if (f.category !== undefined && f.category !== 'All') conds.push(eq(products.categoryId, f.category));
  if (f.tag !== undefined && f.tag !== 'All') {
    conds.push(sql`exists (select 1 from ${productTags} pt where pt.product_id = ${products.id} and pt.tag_id = ${f.tag})`);
  }
  if (f.productType === 'promo') conds.push(eq(products.enPromo, true));
  if (f.productType === 'credit') conds.push(eq(products.isCreditorder, true));
  if (f.min !== undefined) conds.push(sql`${shopperPrice} >= ${f.min}`);
  if (f.max !== undefined) conds.push(sql`${shopperPrice} <= ${f.max}`);
  const needle = f.search?.trim();
  if (needle) {
    const words = readings?.length ? readings : [needle];
    conds.push(or(...words.map((w) => sql`${products.searchText} like ${containing(w)}`)));
  }
  return and(...conds);
}

/** The query of one listing page, with the catalogue version it was read at. */
export function pageQuery(db: Db, where: SQL | undefined, page: number, limit: number) {
  return db
    .select({ ...columns, version: catalogueVersionSql })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...listingOrder)
    .limit(limit)
    .offset((page - 1) * limit);
}

/** One page of products matching `where`, in listing order, without a total (`GET /api/produits-page`). */
export async function pageOfProducts(db: Db, where: SQL | undefined, page: number, limit: number): Promise<Product[]> {
  return hydrate((await pageQuery(db, where, page, limit)) as Row[]);
}

/** One page of a listing (walked in §9 order along products_listing_idx) and the exact total that matches (see `listingTotal` for `filterKey`). */
export async function listProducts(
  db: Db,
  where: SQL | undefined,
  page: number,
  limit: number,
  filterKey?: string,
): Promise<{ products: Product[]; total: number }> {
  const rows = await pageQuery(db, where, page, limit);
  const total = await listingTotal(db, where, rows[0]?.version ?? null, filterKey);
  return { products: hydrate(rows as Row[]), total };
}

/** Every product matching `where`, in listing order. */
export async function allProducts(db: Db, where: SQL | undefined): Promise<Product[]> {
  const rows = await db
    .select(columns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...listingOrder);
  return hydrate(rows as Row[]);
}

/** One product by id (whatever its `sale_ok`), or null. */
export async function productById(db: Db, id: number): Promise<Product | null> {
  const [p] = await allProducts(db, eq(products.id, id));
  return p ?? null;
}
