/** §1 offline: a product picture that cannot load (offline and not kept, or missing) shows the shop's placeholder, never a broken image. */
import { PLACEHOLDER_IMAGE } from '../../lib/placeholder.ts';
import { isProductImage } from './offline-rules.ts';

const isProductPicture = (img: HTMLImageElement) => {
  try {
    return isProductImage(new URL(img.src, location.href).pathname);
  } catch {
    return false;
  }
};

/** Shows the placeholder instead of a product picture that failed (offline and not kept, or missing). */
function placehold(img: HTMLImageElement): void {
  if (img.getAttribute('src') === PLACEHOLDER_IMAGE || !isProductPicture(img)) return;
  img.removeAttribute('srcset');
  img.removeAttribute('sizes');
  img.src = PLACEHOLDER_IMAGE;
}

/** Replaces every product picture that fails, now or later, by the placeholder (precached, so it shows offline). */
export function placeholdBrokenPictures(doc: Document = document): void {
  doc.addEventListener('error', (e) => e.target instanceof HTMLImageElement && placehold(e.target), true);
  for (const img of doc.images) if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) placehold(img);
}
