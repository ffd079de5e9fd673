/** What a product card island receives (§2 "Product card"): the product less the fields no card, action or comparison reads. */
import type { Product } from '../../domain/catalogue.ts';

// Each is left to its default where read (the comparison store decodes them with defaults): island props repeat them
// for every card of the page, escaped twice over.
const UNREAD = ['image', 'rang', 'sale_ok', 'category_id', 'date', 'location'] as const;

/** The products for a row of cards, lighter in the page's HTML. */
export function cardProps(products: readonly Product[]): Product[] {
  return products.map((p) => {
    const out: Partial<Product> = { ...p };
    for (const key of UNREAD) delete out[key];
    return out as Product;
  });
}
