/**
 * §1 offline: a page the background worker keeps shows its product pictures offline too. Once the page is idle and
 * the worker controls it, the picture each `<img>` will show (its srcset candidate for this screen) is fetched through
 * the worker, which keeps it (cache-first, offline-rules.ts), at most `LIMITS.picturesPerPage`; and a product picture
 * that cannot load shows the shop's placeholder, never a broken image. Loaded by the frame's script once the page is idle.
 */
import { PLACEHOLDER_IMAGE } from '../../lib/placeholder.ts';
import { isCacheablePage, picturesToKeep } from './offline-rules.ts';
import { isProductImage } from './product-image.ts';

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
function placeholdBrokenPictures(doc: Document = document): void {
  doc.addEventListener('error', (e) => e.target instanceof HTMLImageElement && placehold(e.target), true);
  for (const img of doc.images) if (img.complete && img.naturalWidth === 0 && img.getAttribute('src')) placehold(img);
}

/** The address of the picture `img` shows on this screen (a loaded one's own; else a detached twin chooses it). */
function chosenSource(img: HTMLImageElement): Promise<string | null> {
  if (img.complete && img.naturalWidth > 0 && img.currentSrc) return Promise.resolve(img.currentSrc);
  return new Promise((done) => {
    const twin = new Image();
    twin.onload = () => done(twin.currentSrc || null);
    twin.onerror = () => done(null);
    if (img.sizes) twin.sizes = img.sizes;
    if (img.srcset) twin.srcset = img.srcset;
    twin.src = img.src;
  });
}

/** Fetches the page's product pictures through the worker, a few at a time; marks the root `data-pictures-kept` with how many. */
async function keepPictures(doc: Document): Promise<void> {
  const queue = picturesToKeep([...doc.images], location.href);
  let kept = 0;
  const worker = async () => {
    for (let img = queue.shift(); img; img = queue.shift()) {
      const url = await chosenSource(img);
      // The twin's load went through the worker unless the browser had it in memory: the fetch makes sure it is kept.
      if (
        url &&
        (await fetch(url).then(
          (r) => r.ok,
          () => false,
        ))
      )
        kept++;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  doc.documentElement.setAttribute('data-pictures-kept', String(kept));
}

/**
 * Placeholds the product pictures that fail, now or later; and once the worker controls the page, keeps its pictures
 * (not on personal pages, offline, or when the shopper saves data).
 */
export function offlinePictures(doc: Document = document): void {
  placeholdBrokenPictures(doc);
  const sw = navigator.serviceWorker;
  const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;
  if (!sw || saveData || !navigator.onLine || !isCacheablePage(location.pathname)) return;
  const keep = () => void keepPictures(doc);
  if (sw.controller) keep();
  else sw.addEventListener('controllerchange', keep, { once: true });
}
