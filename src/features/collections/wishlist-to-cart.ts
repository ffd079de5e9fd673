/**
 * The wishlist's 'Tout ajouter au panier' (§4), apart from collections.store.ts: only the wishlist screen offers it, so
 * its rule and messages (domain/wishlist-move.ts) travel with that screen, not in the chunk every page loads.
 */
import type { Line } from '../../domain/collections.ts';
import { moveAllMessage, moveAllToCart } from '../../domain/wishlist-move.ts';
import { toast } from '../frame/toast.store.ts';
import { $cart, $wishlist } from './collections.store.ts';

/**
 * 'Tout ajouter au panier' (§4): moves every wishlist item into the cart, except `unavailable` products (out of stock or
 * no longer on sale, as the page found them) and lines at the household cap, which stay in the wishlist; a toast says
 * how many went and which stayed and why (§8 style).
 */
export function moveWishlistToCart(unavailable: readonly number[] = []): void {
  const items: Line[] = $wishlist.get();
  if (items.length === 0) return;
  const moved = moveAllToCart($cart.get(), items, new Set(unavailable));
  if (moved.added.length > 0) $cart.set(moved.cart);
  if (moved.wishlist.length !== items.length) $wishlist.set(moved.wishlist);
  const { text, kind } = moveAllMessage(moved);
  toast(text, { kind, duration: kind === 'success' ? 3000 : 5000 });
}
