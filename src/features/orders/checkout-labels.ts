/** The words of the checkout screens for each sale type (§2 cart, pre-order cart, credit cart). */
import type { SaleType } from '../../domain/orders.ts';

export const CHECKOUT_LABELS: Readonly<Record<SaleType, { title: string; cart: string; cartHref: string; what: string }>> = {
  order: { title: 'Finaliser ma commande', cart: 'Retour au panier', cartHref: '/cart', what: 'commande' },
  preorder: { title: 'Finaliser ma pré-commande', cart: 'Retour au panier de pré-commande', cartHref: '/pre-cart', what: 'pré-commande' },
  creditorder: {
    title: 'Finaliser ma commande à crédit',
    cart: 'Retour au panier à crédit',
    cartHref: '/credit-cart',
    what: 'commande à crédit',
  },
};
