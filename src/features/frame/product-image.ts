/**
 * What a product picture's address looks like (§7 `/api/images/{version}/{size}`), apart from the other offline rules so
 * every page carries only this one; whether the page shows products; and the placeholder for a picture that fails.
 */
import { PLACEHOLDER_IMAGE } from '../../lib/placeholder.ts';

const PRODUCT_IMAGE = /^\/api\/images\/[^/]+\/[^/]+$/u;

/** A product image served by the API: kept cache-first within `LIMITS.images` (offline-rules.ts). */
export function isProductImage(pathname: string): boolean {
  return PRODUCT_IMAGE.test(pathname);
}

// A product picture's address in `src` or `srcset`; a product without a picture shows the placeholder.
const PRODUCT_PICTURES = 'img[src*="/api/images/"], img[srcset*="/api/images/"]';

/** Whether the page shows product pictures (cards, a product, collection lines): the ones kept for offline use. */
export function showsProductPictures(doc: Document = document): boolean {
  return doc.querySelector(PRODUCT_PICTURES) !== null;
}

/** Whether the page shows products, pictured or placeholded: where a shopper can add to or change a collection. */
export function showsProducts(doc: Document = document): boolean {
  return showsProductPictures(doc) || doc.querySelector(`img[src="${PLACEHOLDER_IMAGE}"]`) !== null;
}

/** Shows the placeholder instead of a product picture that failed (offline and not kept, or missing). */
function placehold(img: HTMLImageElement): void {
  if (img.getAttribute('src') === PLACEHOLDER_IMAGE || !isProductImage(new URL(img.src, location.href).pathname)) return;
  img.removeAttribute('srcset');
  img.removeAttribute('sizes');
  img.src = PLACEHOLDER_IMAGE;
}

/** Replaces every product picture that fails, now or later, by the placeholder (precached, so it shows offline). */
export function placeholdBrokenPictures(doc: Document = document): void {
  doc.addEventListener('error', (e) => e.target instanceof HTMLImageElement && placehold(e.target), true);
  for (const img of doc.images) if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) placehold(img);
}
