/** Server-side data of a listing page: its filters from the URL, its first page of products and the frame data. */
import type { AstroGlobal } from 'astro';
import type { PackSummary, Product } from '../../domain/catalogue.ts';
import type { Filters } from '../../domain/filters.ts';
import { filtersFromQuery, queryFromFilters } from '../../domain/listing-url.ts';
import { pageCount } from '../../domain/pagination.ts';
import { filterProducts } from '../../lib/catalogue-api.ts';
import { LISTINGS, type ListingPath, type ListingRoute } from './listings.ts';
import { CATALOGUE_CACHE, frameData, packsOnOffer, serverApi, type FrameData } from './server-data.ts';

/** Everything a listing page renders. */
export interface ListingData {
  path: ListingPath;
  route: ListingRoute;
  filters: Filters;
  fixed: Partial<Filters>;
  products: Product[];
  total: number;
  error: string | null;
  frame: FrameData;
  /** The packs on offer, linked under the products (§2 "Pack cart"). */
  packs: PackSummary[];
}

/**
 * Loads the listing page `path` for the page's address and sets its Cache-Control (cacheable when the products loaded); a
 * failed product call gives an empty page with a French error. A page number past the last page (a stale or hand-typed
 * link) answers the redirect to the last page instead.
 */
export async function loadListingData(
  path: ListingPath,
  astro: Pick<AstroGlobal, 'url' | 'redirect' | 'response'>,
): Promise<ListingData | Response> {
  const { url } = astro;
  const route: ListingRoute = LISTINGS[path];
  const fixed = route.fixed ?? {};
  const filters = { ...filtersFromQuery(url.searchParams), ...fixed };
  const client = serverApi();
  const [frame, page, packs] = await Promise.all([
    frameData(client),
    filterProducts(filters, route.scope, { client }).then(
      (list) => ({ ...list, error: null }),
      () => ({ products: [], total: 0, error: 'Impossible de charger les produits pour le moment. Veuillez réessayer dans un instant.' }),
    ),
    packsOnOffer(client),
  ]);
  const last = pageCount(page.total, filters.limit);
  if (!page.error && page.total > 0 && filters.page > last)
    return astro.redirect(`${path}${queryFromFilters({ ...filtersFromQuery(url.searchParams), page: last })}`, 302);
  astro.response.headers.set('Cache-Control', page.error || !packs ? 'no-store' : CATALOGUE_CACHE);
  return { path, route, filters, fixed, ...page, frame, packs: packs ?? [] };
}
