/** Typed calls of spec §7 "Products and categories" and packs, over the one client of api.ts. */
import {
  categorySchema,
  packSchema,
  packSummarySchema,
  productListSchema,
  productRemovalSchema,
  productSchema,
  tagSchema,
  type Category,
  type Pack,
  type PackSummary,
  type Product,
  type ProductList,
  type ProductRemoval,
  type Tag,
} from '../domain/catalogue.ts';
import { defaultFilters, pageOfList, type Filters, type Scope } from '../domain/filters.ts';
import type { ProductInput } from '../domain/product-input.ts';
import * as z from '../domain/zod.ts';
import { callApi, type CallOptions } from './api.ts';

const PRODUCTS = 'Erreur lors de la récupération des produits';
const CATEGORIES = 'Erreur lors de la récupération des categories';
const byId = (id: number | string) => `Erreur lors de la récupération du modèle avec l'ID ${id}`;
const CREATE = 'Erreur lors de la création du modèle';
const UPDATE = 'Erreur lors de la mise à jour';
const DELETE = 'Erreur lors de la suppression';

const products = z.array(productSchema);
const listingPaths: Record<Exclude<Scope, 'preorder'>, string> = {
  all: '/api/produits-filtrer',
  promo: '/api/produits-filtrer-promo',
  ramadan: '/api/produits-filtrer-ramadan',
  tabaski: '/api/produits-filtrer-tabaski',
};

/** Filters as query parameters; absent values and an empty search are left to the server's defaults. */
const filterQuery = (filters: Partial<Filters>) =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;

/** `GET /api/produits`: every product on sale. */
export function getProducts(opts?: CallOptions): Promise<Product[]> {
  return callApi(products, PRODUCTS, '/api/produits', opts);
}

/**
 * `GET /api/produits-filtrer[-promo|-ramadan|-tabaski]`: one page of a filtered listing and its total. The pre-order
 * listing is what `GET /api/produits-precommande` answers, under the same filters (§2 `/pre-commandes`).
 */
export async function filterProducts(filters: Partial<Filters> = {}, scope: Scope = 'all', opts?: CallOptions): Promise<ProductList> {
  if (scope === 'preorder') {
    // The server searched (with the shoppers' words); the other filters and the page are applied here.
    const found = await getPreorderProducts(filters.search ?? '', opts);
    return pageOfList(found, { ...defaultFilters, ...filters, search: '' });
  }
  return callApi(productListSchema, PRODUCTS, listingPaths[scope], { ...opts, query: filterQuery(filters) });
}

/** `GET /api/produits-selection`: the products on sale among `ids`, in that order (a cookie mirror's lines). */
export function getProductsByIds(ids: readonly number[], opts?: CallOptions): Promise<Product[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return callApi(products, PRODUCTS, '/api/produits-selection', { ...opts, query: { ids: ids.join(',') } });
}

/** `GET /api/produits-precommande`: products that can be pre-ordered, those `search` finds when given. */
function getPreorderProducts(search: string, opts?: CallOptions): Promise<Product[]> {
  const query = search.trim() ? { search: search.trim() } : undefined;
  return callApi(products, PRODUCTS, '/api/produits-precommande', { ...opts, query });
}

/** `GET /api/produits/{id}`. */
export function getProduct(id: number, opts?: CallOptions): Promise<Product> {
  return callApi(productSchema, byId(id), `/api/produits/${id}`, opts);
}

/** `POST /api/produits` (admin). */
export function createProduct(input: ProductInput, opts?: CallOptions): Promise<Product> {
  return callApi(productSchema, CREATE, '/api/produits', { ...opts, method: 'POST', body: input });
}

/** `PUT /api/produits/{id}` (admin): any subset of the creation fields. */
export function updateProduct(id: number, patch: Partial<ProductInput>, opts?: CallOptions): Promise<Product> {
  return callApi(productSchema, UPDATE, `/api/produits/${id}`, { ...opts, method: 'PUT', body: patch });
}

/** `DELETE /api/produits/{id}` (admin): deleted, or withdrawn from sale when orders name it. */
export function deleteProduct(id: number, opts?: CallOptions): Promise<ProductRemoval> {
  return callApi(productRemovalSchema, DELETE, `/api/produits/${id}`, { ...opts, method: 'DELETE' });
}

/** `GET /api/categories`. */
export function getCategories(opts?: CallOptions): Promise<Category[]> {
  return callApi(z.array(categorySchema), CATEGORIES, '/api/categories', opts);
}

/** `GET /api/tags`: the tags of the filter panel. */
export function getTags(opts?: CallOptions): Promise<Tag[]> {
  return callApi(z.array(tagSchema), 'Erreur lors de la récupération des tags', '/api/tags', opts);
}

/** `GET /api/pack_product`: the packs on offer, with their codes. */
export function getPacks(opts?: CallOptions): Promise<PackSummary[]> {
  return callApi(z.array(packSummarySchema), 'Erreur lors de la récupération des packs', '/api/pack_product', opts);
}

/** `GET /api/pack_product/{code}`: one pack's lines and total. */
export function getPack(code: string, opts?: CallOptions): Promise<Pack> {
  return callApi(packSchema, `Erreur lors de la récupération du pack ${code}`, `/api/pack_product/${encodeURIComponent(code)}`, opts);
}
