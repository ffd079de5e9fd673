/** Stores of the page frame: drawer state and the header's collection counts. */
import { atom, type ReadableAtom } from 'nanostores';

/** Whether the mobile drawer is open; the header control and the drawer itself toggle it. */
export const $drawerOpen = atom(false);

/** Number of items in each of the four collections shown by the header icons. */
export interface FrameCounts {
  wishlist: number;
  cart: number;
  preCart: number;
  creditCart: number;
}

/**
 * Header counts. PLACEHOLDER: always zero until the collections issue (issue 4) replaces this
 * with a `computed` over its cart, wishlist, preorder and creditOrder stores (same name and shape).
 */
export const $counts: ReadableAtom<FrameCounts> = atom<FrameCounts>({ wishlist: 0, cart: 0, preCart: 0, creditCart: 0 });
