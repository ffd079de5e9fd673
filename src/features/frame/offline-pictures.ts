/**
 * §1 offline: a page the background worker keeps shows its product pictures offline too. Once the worker controls the
 * page, the picture each `<img>` will show (its srcset candidate for this screen) is fetched through the worker, which
 * keeps it (cache-first, offline-rules.ts), at most `LIMITS.picturesPerPage`. Loaded by the frame's script once the
 * page is idle and controlled: without a worker there is nothing to keep. A picture that fails shows the placeholder
 * (product-image.ts).
 */
import { isCacheablePage, picturesToKeep } from './offline-rules.ts';

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
      if (url && (await fetch(url).catch(() => null))?.ok) kept++;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  doc.documentElement.setAttribute('data-pictures-kept', String(kept));
}

/** Keeps the page's pictures through the worker that controls it (not on personal pages, offline, or when the shopper saves data). */
export function offlinePictures(doc: Document = document): void {
  const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;
  if (saveData || !navigator.onLine || !isCacheablePage(location.pathname)) return;
  void keepPictures(doc);
}
