/** The listing on screen and its loading; the API client is loaded with the first change, not with the page. */
import { atom } from 'nanostores';
import type { Product } from '../../domain/catalogue.ts';
import type { Filters, Scope } from '../../domain/filters.ts';

/** The listing on screen: its filters, one page of products, the total, and whether a newer page is loading. */
export interface ListingState {
  scope: Scope;
  filters: Filters;
  products: Product[];
  total: number;
  loading: boolean;
  error: string | null;
}

/** Listing of the current page; null until the listing island starts with the server's page. */
export const $listing = atom<ListingState | null>(null);

const LOAD_ERROR = 'Impossible de charger les produits. Vérifiez votre connexion puis réessayez.';
let listingSeq = 0;
let listingAbort: AbortController | undefined;

/** Starts from the page the server rendered. */
export function startListing(state: Omit<ListingState, 'loading' | 'error'>): void {
  $listing.set({ ...state, loading: false, error: null });
}

/** Fetches a listing page; an older answer arriving late never replaces a newer one. */
export async function loadListing(scope: Scope, filters: Filters): Promise<void> {
  const seq = ++listingSeq;
  listingAbort?.abort();
  const abort = new AbortController();
  listingAbort = abort;
  const before = $listing.get();
  $listing.set({ scope, filters, products: before?.products ?? [], total: before?.total ?? 0, loading: true, error: null });
  try {
    const { filterProducts } = await import('../../lib/catalogue-api.ts');
    const page = await filterProducts(filters, scope, { signal: abort.signal });
    if (seq !== listingSeq) return;
    $listing.set({ scope, filters, products: page.products, total: page.total, loading: false, error: null });
  } catch {
    if (seq !== listingSeq) return;
    $listing.set({ ...$listing.get()!, loading: false, error: LOAD_ERROR });
  }
}
