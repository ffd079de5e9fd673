/** The listing on screen (§5), apart from its loading (catalogue.store.ts): the header's search box follows its search on every page, and only the listing loads it. */
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
