/** The listing on screen and its loading; the API client is loaded with the first change, not with the page. */
import type { Filters, Scope } from '../../domain/filters.ts';
import type { CallOptions } from '../../lib/api.ts';
import { $listing, type ListingState } from './listing.store.ts';

export { $listing, type ListingState };

const LOAD_ERROR = 'Impossible de charger les produits. Vérifiez votre connexion puis réessayez.';
let listingAbort: AbortController | undefined;

/** Starts from the page the server rendered. */
export function startListing(state: Omit<ListingState, 'loading' | 'error'>): void {
  $listing.set({ ...state, loading: false, error: null });
}

/** Fetches a listing page; an older answer arriving late never replaces a newer one. */
export async function loadListing(scope: Scope, filters: Filters, via: CallOptions = {}): Promise<void> {
  listingAbort?.abort();
  const abort = new AbortController();
  listingAbort = abort;
  const before = $listing.get();
  $listing.set({ scope, filters, products: before?.products ?? [], total: before?.total ?? 0, loading: true, error: null });
  try {
    const { filterProducts } = await import('../../lib/catalogue-api.ts');
    const page = await filterProducts(filters, scope, { ...via, signal: abort.signal });
    if (abort !== listingAbort) return;
    $listing.set({ scope, filters, products: page.products, total: page.total, loading: false, error: null });
  } catch {
    if (abort !== listingAbort) return;
    $listing.set({ ...$listing.get()!, loading: false, error: LOAD_ERROR });
  }
}
