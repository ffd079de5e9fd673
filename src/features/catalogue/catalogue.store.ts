/** Catalogue state of the storefront: the listing shown, header search suggestions, and search-term reports. */
import { atom } from 'nanostores';
import { z } from 'zod';
import type { Product } from '../../domain/catalogue.ts';
import type { Filters, Scope } from '../../domain/filters.ts';
import type { SearchSource } from '../../domain/search-terms.ts';
import { callApi } from '../../lib/api.ts';
import { filterProducts } from '../../lib/catalogue-api.ts';
import { ensureGuestId } from '../collections/guest.store.ts';

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
  const abort = (listingAbort = new AbortController());
  const before = $listing.get();
  $listing.set({ scope, filters, products: before?.products ?? [], total: before?.total ?? 0, loading: true, error: null });
  try {
    const page = await filterProducts(filters, scope, { signal: abort.signal });
    if (seq !== listingSeq) return;
    $listing.set({ scope, filters, products: page.products, total: page.total, loading: false, error: null });
  } catch {
    if (seq !== listingSeq) return;
    $listing.set({ ...$listing.get()!, loading: false, error: LOAD_ERROR });
  }
}

/** Suggestions under the header search bar (§5 "Search"). */
export interface SuggestionState {
  term: string;
  status: 'idle' | 'loading' | 'done' | 'error';
  products: Product[];
}

/** At most this many suggestions (§9). */
export const MAX_SUGGESTIONS = 5;
/** Suggestions start at this many characters (§5). */
export const MIN_SEARCH = 2;

const idle: SuggestionState = { term: '', status: 'idle', products: [] };
/** Current suggestions. */
export const $suggestions = atom<SuggestionState>(idle);
let suggestSeq = 0;
let suggestAbort: AbortController | undefined;

/** Looks up suggestions for `term` (below 2 characters: none); late answers to older terms are dropped. */
export async function suggest(term: string): Promise<void> {
  const seq = ++suggestSeq;
  suggestAbort?.abort();
  const needle = term.trim();
  if (needle.length < MIN_SEARCH) {
    $suggestions.set(idle);
    return;
  }
  const abort = (suggestAbort = new AbortController());
  $suggestions.set({ term: needle, status: 'loading', products: $suggestions.get().products });
  try {
    const page = await filterProducts({ search: needle, limit: MAX_SUGGESTIONS }, 'all', { signal: abort.signal });
    if (seq !== suggestSeq) return;
    $suggestions.set({ term: needle, status: 'done', products: page.products.slice(0, MAX_SUGGESTIONS) });
  } catch {
    if (seq !== suggestSeq) return;
    $suggestions.set({ term: needle, status: 'error', products: [] });
  }
}

/** Closes the suggestions and forgets any answer still on its way. */
export function clearSuggestions(): void {
  suggestSeq++;
  suggestAbort?.abort();
  $suggestions.set(idle);
}

/** Reports a search term (`POST /api/termeRecherche`); a failure is logged by the client and otherwise ignored. */
export async function reportSearchTerm(terme: string, source: SearchSource): Promise<void> {
  const text = terme.trim();
  if (!text) return;
  try {
    await callApi(z.unknown(), 'Erreur lors de l’enregistrement du terme de recherche', '/api/termeRecherche', {
      method: 'POST', body: { terme: text, source }, headers: { 'Guest-Id': ensureGuestId() }, keepalive: true,
    });
  } catch {
    // Tracking must never get in the shopper's way.
  }
}
