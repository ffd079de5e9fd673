/** The listing routes of spec §2 and what each shows. */
import type { Filters, Scope } from '../../domain/filters.ts';

/** One listing route. */
export interface ListingRoute {
  scope: Scope;
  title: string;
  heading: string;
  description: string;
  empty: string;
  /** Filters always applied on this route. */
  fixed?: Partial<Filters>;
}

const shop = (title: string, heading: string): ListingRoute => ({
  scope: 'all',
  title,
  heading,
  description:
    'Tous nos produits d’électroménager à Dakar : réfrigérateurs, congélateurs, téléviseurs, cuisinières, climatiseurs. Filtrez par catégorie, prix et type, livraison gratuite à Dakar.',
  empty: 'Aucun produit trouvé',
});
const promo = (scope: Scope, title: string, description: string): ListingRoute => ({
  scope,
  title,
  heading: title,
  description,
  empty: 'Aucun produit en promotion trouvé',
});

/** Listing routes by path. */
export const LISTINGS = {
  '/boutique': shop('Boutique', 'Boutique'),
  '/produits': shop('Produits', 'Nos produits'),
  '/all-products': shop('Tous les produits', 'Tous les produits'),
  '/pre-commandes': {
    scope: 'preorder',
    title: 'Pré-commandes',
    heading: 'Pré-commandes',
    description:
      'Les produits d’électroménager à précommander à Dakar : payés en trois tranches (30 %, 30 %, 40 %), livraison gratuite à Dakar.',
    empty: 'Aucun produit à précommander trouvé',
  },
  '/en-promo': promo(
    'promo',
    'En promo',
    'Les produits d’électroménager en promotion à Dakar : prix réduits en FCFA et livraison gratuite à Dakar.',
  ),
  '/promo-ramadan': promo(
    'ramadan',
    'Promo Ramadan',
    'Les offres du Ramadan sur l’électroménager à Dakar : prix réduits en FCFA et livraison gratuite.',
  ),
  '/promo-tabaski': promo(
    'tabaski',
    'Promo Tabaski',
    'Les offres de Tabaski sur l’électroménager à Dakar : prix réduits en FCFA et livraison gratuite.',
  ),
  '/credit-commandes': {
    scope: 'all',
    title: 'Produits à crédit',
    heading: 'Produits à crédit',
    description: 'Les produits d’électroménager que les adhérents peuvent acheter à crédit à Dakar.',
    empty: 'Aucun produit à crédit trouvé',
    fixed: { productType: 'credit' },
  },
} satisfies Record<string, ListingRoute>;

/** A listing path. */
export type ListingPath = keyof typeof LISTINGS;
