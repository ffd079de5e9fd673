/** The header's counted links of §2 "Shared frame", and the accessible name each carries with its count. */
import type { IconName } from '../../components/ui/icons.ts';
import type { FrameCounts } from './frame.store.ts';

/** One counted header link. */
export interface CountedLink {
  key: keyof FrameCounts;
  href: string;
  label: string;
  icon: IconName;
}

/** Wishlist, cart, pre-order cart and credit cart (members only), in header order. */
export const COUNTED_LINKS: readonly CountedLink[] = [
  { key: 'wishlist', href: '/wishlist', label: 'Liste de souhaits', icon: 'heart' },
  { key: 'cart', href: '/cart', label: 'Panier', icon: 'cart' },
  { key: 'preCart', href: '/pre-cart', label: 'Panier de précommande', icon: 'calendar' },
  { key: 'creditCart', href: '/credit-cart', label: 'Panier à crédit', icon: 'creditCard' },
];

/** The link's accessible name: 'Panier : 2 articles', or the bare label when empty. */
export function countedName(label: string, count: number): string {
  return count > 0 ? `${label} : ${count} article${count > 1 ? 's' : ''}` : label;
}

/** The badge's text: the count, '99+' past 99, nothing when empty. */
export function badgeText(count: number): string {
  return count <= 0 ? '' : count > 99 ? '99+' : String(count);
}
