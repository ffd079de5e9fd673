/**
 * §1 offline: a page the background worker keeps shows its product pictures offline too. Once the page is idle and
 * the worker controls it, the picture each `<img>` will show (its srcset candidate for this screen) is fetched through
 * the worker, which keeps it (cache-first, offline-rules.ts), at most `LIMITS.picturesPerPage`.
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
 * Keeps this page's pictures (loaded by the frame's script once the worker controls the page and it is idle); not on
 * personal pages.
 */
export async function keepPagePictures(doc: Document = document): Promise<void> {
  if (isCacheablePage(location.pathname)) await keepPictures(doc);
}
