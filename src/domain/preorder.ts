/**
 * §4 "Pricing" (pre-orders): which products may be pre-ordered. A pre-order is for goods not here yet: it takes no stock and
 * pays the pre-order price, so a product may be pre-ordered only when it has a `preorder_price` and none is in stock
 * (`quantity` 0 or less). The one rule the order route, the pre-order listing and the storefront follow.
 */

/** What the rule reads of a product. */
export interface PreorderFacts {
  name: string;
  preorder_price: number | null;
  quantity: number;
}

/** §4: whether `p` may be pre-ordered now: a pre-order price, and no stock. */
export function isPreorderable(p: Pick<PreorderFacts, 'preorder_price' | 'quantity'>): boolean {
  return p.preorder_price != null && p.quantity <= 0;
}

/** §4: why `p` cannot be pre-ordered (French, naming it and saying what to do); null when it can. */
export function preorderRefusal(p: PreorderFacts): string | null {
  if (p.preorder_price == null) return `Le produit « ${p.name} » ne peut pas être pré-commandé.`;
  if (p.quantity > 0)
    return `Le produit « ${p.name} » est en stock : il ne se pré-commande pas. Retirez-le de vos pré-commandes et commandez-le depuis le panier.`;
  return null;
}
