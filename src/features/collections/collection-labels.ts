/** What each collection screen says (French, shown to shoppers). */
import type { CollectionKind } from '../../domain/collections.ts';

/** Texts of one collection screen. */
export interface CollectionLabels {
  title: string;
  empty: string;
  clear: string;
  path: string;
}

/** Texts by collection. */
export const COLLECTION_LABELS: Record<CollectionKind, CollectionLabels> = {
  cart: { title: 'Mon panier', empty: 'Votre panier est vide.', clear: 'Vider le panier', path: '/cart' },
  preorder: {
    title: 'Mon panier de précommande',
    empty: 'Votre panier de précommande est vide.',
    clear: 'Vider le panier de précommande',
    path: '/pre-cart',
  },
  wishlist: {
    title: 'Ma liste de souhaits',
    empty: 'Votre liste de souhaits est vide.',
    clear: 'Vider la liste de souhaits',
    path: '/wishlist',
  },
  creditOrder: {
    title: 'Mon panier à crédit',
    empty: 'Votre panier à crédit est vide.',
    clear: 'Vider le panier à crédit',
    path: '/credit-cart',
  },
};
