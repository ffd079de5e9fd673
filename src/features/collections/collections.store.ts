/** The four collections of spec §4 "Collections" and their actions. Reactions (toast, CRM, dataLayer) listen in crm.store.ts. */
import { atom, computed } from 'nanostores';
import {
  addLine,
  householdCap,
  itemCount,
  removeLine,
  setLineQuantity,
  withProducts,
  type CollectionKind,
  type LineProduct,
} from '../../domain/collections.ts';
import { createCollection, type CollectionStore } from './collection.factory.ts';
import { currentLocationText } from './location.store.ts';

/** The cart (CRM type 'commande'). */
export const $cart = createCollection('cart');
/** The wishlist: no duplicates, not tracked in the CRM. */
export const $wishlist = createCollection('wishlist');
/** The pre-order cart (CRM type 'precommande'). */
export const $preorder = createCollection('preorder');
/** The credit-order cart of accepted members (CRM type 'acredit'). */
export const $creditOrder = createCollection('creditOrder');

/** Store of each collection by kind. */
export const collections: Record<CollectionKind, CollectionStore> = {
  cart: $cart,
  wishlist: $wishlist,
  preorder: $preorder,
  creditOrder: $creditOrder,
};

/** Last add, for reactions (toast, dataLayer); `atCap` when it changed nothing, the line holding the household cap already. */
export interface AddEvent {
  kind: CollectionKind;
  product: LineProduct;
  quantity: number;
  atCap: boolean;
}
export const $lastAdd = atom<AddEvent | null>(null);

/** Units in each collection. */
export const $collectionCounts = computed([$cart, $wishlist, $preorder, $creditOrder], (c, w, p, k) => ({
  cart: itemCount(c),
  wishlist: w.length,
  preorder: itemCount(p),
  creditOrder: itemCount(k),
}));

function add(kind: CollectionKind, product: LineProduct): boolean {
  const store = collections[kind];
  const { lines, added, atCap } = addLine(kind, store.get(), product, new Date().toISOString(), currentLocationText());
  // At the cap the shopper is told why nothing was added (the reactions' toast).
  if (atCap) $lastAdd.set({ kind, product, quantity: 0, atCap });
  if (!added) return false;
  store.set(lines);
  $lastAdd.set({ kind, product, quantity: 1, atCap: false });
  return true;
}

/** Adds to the cart (raises the quantity when present). Takes a catalogue Product (or a line's product). */
export const addToCart = (product: LineProduct): boolean => add('cart', product);
/** Adds to the wishlist; returns false (and changes nothing) when already there. */
export const addToWishlist = (product: LineProduct): boolean => add('wishlist', product);
/** Adds to the pre-order cart (raises the quantity when present). */
export const addToPreorder = (product: LineProduct): boolean => add('preorder', product);
/** Adds to the credit-order cart (raises the quantity when present). */
export const addToCreditOrder = (product: LineProduct): boolean => add('creditOrder', product);

/** Removes a product's line from a collection. */
export function removeFromCollection(kind: CollectionKind, id: number): void {
  collections[kind].set(removeLine(collections[kind].get(), id));
}

/** Sets a line's quantity (1 to the household cap; below 1 removes it). */
export function setQuantity(kind: CollectionKind, id: number, qty: number): void {
  collections[kind].set(setLineQuantity(collections[kind].get(), id, qty));
}

/**
 * One tap on a line's stepper (§4): one more or one fewer, never below 1 (removing is its own button) nor above the
 * household cap. Read from the store, not from the screen, so taps faster than the screen redraws each count. False when
 * a tap on '+' found the line at the cap (nothing changed).
 */
export function stepQuantity(kind: CollectionKind, id: number, step: 1 | -1): boolean {
  const line = collections[kind].get().find((l) => l.product.id === id);
  if (!line) return true;
  if (step === 1 && line.quantity >= householdCap) return false;
  setQuantity(kind, id, Math.max(1, line.quantity + step));
  return true;
}

/**
 * Brings a collection's product snapshots up to the catalogue's of now (§4 "Pricing"), so storage and screen show the
 * current prices; lines of products not in `products` stay as stored. Nothing is written when nothing changed.
 */
export function refreshProducts(kind: CollectionKind, products: readonly LineProduct[]): void {
  const lines = collections[kind].get();
  const fresh = withProducts(lines, products);
  if (fresh !== lines) collections[kind].set([...fresh]);
}

/** Empties a collection. */
export function clearCollection(kind: CollectionKind): void {
  collections[kind].set([]);
}
