/**
 * What the background worker of §1 may keep for offline use, as pure rules shared by the worker and its tests.
 * Nothing personal is ever kept: account calls, orders, pages behind a login, the back office.
 */
import { isProductImage } from './product-image.ts';

/** Name prefix of every cache the worker fills at run time (the precache is Workbox's own). */
export const CACHE_PREFIX = 'boutique-';

/** The worker's run-time caches. */
export const CACHES = {
  pages: `${CACHE_PREFIX}pages`,
  catalogue: `${CACHE_PREFIX}catalogue-api`,
  images: `${CACHE_PREFIX}images`,
} as const;

/** Limits of the run-time caches: product images cache-first, up to 200 for 30 days; pages and API answers a few days. */
export const LIMITS = {
  images: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
  pages: { maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600 },
  catalogue: { maxEntries: 120, maxAgeSeconds: 7 * 24 * 3600 },
  /** A page or a catalogue read waits this long for the network before the saved copy is used. */
  networkTimeoutSeconds: 3,
  /** At most this many product pictures of a page are fetched ahead to be kept with it (each a few KB to some tens). */
  picturesPerPage: 48,
} as const;

/** The page shown for a page never seen while offline (precached). */
export const OFFLINE_PAGE = '/hors-ligne';

// Pages a login, a one-time code or a personal result stands behind (§2), and the back office.
const PERSONAL_PAGE = new RegExp(
  `^/(?:${[
    'login',
    'new-password',
    'forgot-password',
    'signup',
    'inscription',
    'verification-code',
    'create-compte',
    'profile',
    'compte-parent',
    'checkout',
    'commande-validation',
    'credit-cart',
    'payment-state',
    'tracking-order',
    'admin',
    'commandes',
    'pre-commandes/.+',
    'credit-commandes/.+',
  ].join('|')})(?:/|$)`,
  'u',
);

// Catalogue reads of §7 that every visitor gets alike.
const CATALOGUE_API = /^\/api\/(?:produits[\w-]*(?:\/.*)?|categories(?:\/\d+)?|tags|pack_product(?:\/[^/]+)?)$/u;

/** Decodes a path once (routes such as /commandes/{id}/détails arrive percent-encoded); a broken escape stays as is. */
function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** A shop page that may be kept and shown again offline (anything but the personal pages above). */
export function isCacheablePage(pathname: string): boolean {
  const path = decodedPath(pathname).replace(/\/+$/u, '') || '/';
  return !path.startsWith('/api/') && !path.startsWith('/_astro/') && !PERSONAL_PAGE.test(path);
}

/** A catalogue API read (products, categories, tags, packs): network-first, the kept copy for offline use. */
export function isCatalogueApi(pathname: string): boolean {
  return CATALOGUE_API.test(pathname);
}

export { isProductImage };

/** The headers of a request or answer that matter for caching. */
type Headed = { headers: { get(name: string): string | null }; status: number };

/** Whether a request may have its answer kept: no token was sent with it. */
export function isAnonymousRequest(request: { method: string; headers: { has(name: string): boolean } }): boolean {
  return request.method === 'GET' && !request.headers.has('Access-Token') && !request.headers.has('Authorization');
}

/** Whether an answer may be kept: a 200 that the server did not mark private or no-store, and that sets no cookie. */
export function isCacheableAnswer(response: Headed): boolean {
  if (response.status !== 200) return false;
  const cacheControl = (response.headers.get('Cache-Control') ?? '').toLowerCase();
  return !/\b(?:no-store|private)\b/u.test(cacheControl) && !response.headers.get('Set-Cookie');
}

/** What the page says of one of its pictures. */
export interface PagePicture {
  src: string;
  srcset: string;
  sizes: string;
}

/**
 * The pictures of a kept page to fetch ahead, so it shows them offline (§1): product images of this origin, each
 * (source, candidates, sizes) once, at most `cap`. `origin` resolves relative sources.
 */
export function picturesToKeep<T extends PagePicture>(pictures: Iterable<T>, origin: string, cap: number = LIMITS.picturesPerPage): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const p of pictures) {
    if (out.length >= cap) break;
    let url: URL;
    try {
      url = new URL(p.src, origin);
    } catch {
      continue;
    }
    const key = `${p.src} ${p.srcset} ${p.sizes}`;
    if (url.origin !== new URL(origin).origin || !isProductImage(url.pathname) || seen.has(key)) continue;
    seen.add(key);
    out.push(p);
  }
  return out;
}
