/** Listing filters of spec §3 "Filter state", §5 "Price filter" and §9: defaults, parsing and matching. */
import type { Product } from './catalogue.ts';
import { INT_MAX, MAX_PAGE, MAX_PRICE } from './bounds.ts';
import { shopperPrice } from './pricing.ts';
import { defaultFilters, MAX_LIMIT, productTypes } from './listing-url.ts';
import { searchFold } from './search-fold.ts';
import * as z from './zod.ts';

export { defaultFilters, resetFilters } from './listing-url.ts';
export type ProductType = (typeof productTypes)[number];

const allOrId = (label: string) =>
  z.union(
    [
      z.literal('All'),
      z.coerce
        .number({ error: `Le paramètre « ${label} » doit être « All » ou un identifiant.` })
        .check(z.int(), z.positive(), z.maximum(INT_MAX, `Le paramètre « ${label} » est un identifiant trop grand.`)),
    ],
    { error: `Le paramètre « ${label} » doit être « All » ou un identifiant.` },
  );
/** A whole number read from the query, from `min` to `max`, refused with `low` and `high`. */
const whole = (label: string, min: number, low: string, max: number, high: string) =>
  z.coerce
    .number({ error: `Le paramètre « ${label} » doit être un nombre.` })
    .check(z.int(`Le paramètre « ${label} » doit être un nombre entier.`), z.minimum(min, low), z.maximum(max, high));
const price = (label: string) =>
  z.optional(
    whole(
      label,
      0,
      `Le paramètre « ${label} » ne peut pas être négatif.`,
      MAX_PRICE,
      `Le paramètre « ${label} » dépasse le prix le plus élevé (100 000 000 FCFA).`,
    ),
  );

/** Query of `GET /api/produits-filtrer*`; absent values are left to the server's defaults. */
export const filterQuerySchema = z.object({
  category: z._default(allOrId('category'), 'All'),
  search: z._default(z.string().check(z.maxLength(100, 'Le paramètre « search » dépasse 100 caractères.')), ''),
  min: price('min'),
  max: price('max'),
  page: z._default(whole('page', 1, 'Le paramètre « page » commence à 1.', MAX_PAGE, 'Le paramètre « page » est trop grand.'), 1),
  limit: z._default(
    whole('limit', 1, 'Le paramètre « limit » doit être au moins 1.', MAX_LIMIT, `Le paramètre « limit » vaut au plus ${MAX_LIMIT}.`),
    defaultFilters.limit,
  ),
  productType: z._default(z.enum(productTypes, { error: 'Le paramètre « productType » doit valoir All, promo ou credit.' }), 'All'),
  tag: z._default(allOrId('tag'), 'All'),
});
export type FilterQuery = z.infer<typeof filterQuerySchema>;

/** Filter state of the storefront (§3), with the URL defaults of §5. */
export interface Filters {
  category: 'All' | number;
  search: string;
  min: number;
  max: number;
  page: number;
  limit: number;
  productType: ProductType;
  tag: 'All' | number;
}

/** Which subset of the catalogue a listing route shows before filters apply (preorder: products with a pre-order price). */
export type Scope = 'all' | 'promo' | 'ramadan' | 'tabaski' | 'preorder';

/** True when the product passes the filters (pure twin of the server's SQL, used for tests and the client). */
export function matchesFilters(
  product: Product,
  f: Pick<FilterQuery, 'category' | 'search' | 'min' | 'max' | 'productType' | 'tag'>,
): boolean {
  if (!product.sale_ok) return false;
  if (f.category !== 'All' && product.category_id !== f.category) return false;
  if (f.tag !== 'All' && !product.tags.some((t) => t.id === f.tag)) return false;
  if (f.productType === 'promo' && !product.en_promo) return false;
  if (f.productType === 'credit' && !product.is_creditorder) return false;
  const price = shopperPrice(product);
  if (f.min !== undefined && price < f.min) return false;
  if (f.max !== undefined && price > f.max) return false;
  const needle = searchFold(f.search.trim());
  if (needle && !searchFold(`${product.name} ${product.description ?? ''}`).includes(needle)) return false;
  return true;
}

/** One page of an already ordered list under the filters, and how many match (the listing of `GET /api/produits-precommande`). */
export function pageOfList(list: readonly Product[], f: Filters): { products: Product[]; total: number } {
  const matching = list.filter((p) => matchesFilters(p, f));
  return { products: matching.slice((f.page - 1) * f.limit, f.page * f.limit), total: matching.length };
}
