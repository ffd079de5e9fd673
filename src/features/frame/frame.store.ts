/** Stores of the page frame: drawer state and the header's collection counts. */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { $collectionCounts } from '../collections/collections.store.ts';

/** Whether the mobile drawer is open; the header control and the drawer itself toggle it. */
export const $drawerOpen = atom(false);

/** Number of items in each of the four collections shown by the header icons. */
export interface FrameCounts {
  wishlist: number;
  cart: number;
  preCart: number;
  creditCart: number;
}

/** Header counts, live over the four collection stores (persisted, synced across tabs). */
export const $counts: ReadableAtom<FrameCounts> = computed($collectionCounts, (c) => ({
  wishlist: c.wishlist,
  cart: c.cart,
  preCart: c.preorder,
  creditCart: c.creditOrder,
}));
