/**
 * Collection and data-layer actions of the product islands, loaded on first use: the stores' decoders (zod) then
 * stay off the first view of listing and product pages (JS budget). Once loaded, later calls are immediate.
 */
import type { Product } from '../../domain/catalogue.ts';

type CollectAction = 'addToCart' | 'addToWishlist' | 'addToPreorder' | 'addToCreditOrder';

type Actions = typeof import('../collections/collections.store.ts');
let actions: Actions | undefined;
const collections = () => import('../collections/collections.store.ts').then((m) => (actions = m));

/**
 * Runs one of the collections store's add actions for `product`: within the tap's own handler once the actions are
 * loaded (an `import()` answers a task later, after a frame with nothing new on screen), after loading them otherwise.
 */
export function collect(action: CollectAction, product: Product): void {
  if (actions) actions[action](product);
  else void collections().then((m) => m[action](product));
}

/** Adds `product` to the comparison; the comparison store (and its decoder) loads on the first click, off the first view. */
export const compare = (product: Product) => void import('./compare.store.ts').then((m) => m.addToCompare(product));

/**
 * §4: once the background worker controls the page, the actions load at idle from the phone's own cache (no byte
 * crosses the network), so a shopper's first 'Commander' answers as fast as the next one.
 */
function warmWhenControlled(): void {
  if (!navigator.serviceWorker?.controller) return;
  const load = () => void collections().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 500);
}

if (typeof window !== 'undefined') warmWhenControlled();

/** Pushes `click_image_product`, then follows the link (the event must leave before the page does). */
export function openFromImage(product: Product, href: string): void {
  void import('../collections/datalayer.ts')
    .then((m) => m.trackImageClick(product))
    .catch(() => undefined)
    .finally(() => location.assign(href));
}
