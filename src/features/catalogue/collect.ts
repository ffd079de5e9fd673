/**
 * Collection and data-layer actions of the product islands, loaded on first use: the stores' decoders (zod) then
 * stay off the first view of listing and product pages (JS budget). Once loaded, later calls are immediate.
 */
import type { Product } from '../../domain/catalogue.ts';

type CollectAction = 'addToCart' | 'addToWishlist' | 'addToPreorder' | 'addToCreditOrder';

/** Runs one of the collections store's add actions for `product`. */
export function collect(action: CollectAction, product: Product): Promise<boolean> {
  return import('../collections/collections.store.ts').then((m) => m[action](product));
}

/** Pushes `click_image_product`, then follows the link (the event must leave before the page does). */
export function openFromImage(product: Product, href: string): void {
  void import('../collections/datalayer.ts')
    .then((m) => m.trackImageClick(product))
    .catch(() => undefined)
    .finally(() => location.assign(href));
}
