/**
 * The background worker of §1, served at /sw.js: precached frame and scripts, pages and catalogue reads network-first
 * (a reload shows the catalogue of now, the kept copy only offline), product images cache-first, a French offline page; it waits until the shopper asks for
 * the new version ('Mettre à jour'), then empties the run-time caches and takes over.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, type StrategyHandler } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';
import {
  CACHE_PREFIX,
  CACHES,
  LIMITS,
  OFFLINE_PAGE,
  isAnonymousRequest,
  isCacheableAnswer,
  isCacheablePage,
  isCatalogueApi,
  isProductImage,
} from '../features/frame/offline-rules.ts';
import { precacheAtOnce } from './precache-install.ts';

// What this worker uses of its global scope (the project's type check runs with the DOM library, not WebWorker's).
type MessageEventOfWorker = { data: unknown; waitUntil(task: Promise<unknown>): void };
type ExtendableEventOfWorker = Event & { waitUntil(task: Promise<unknown>): void };
declare const self: {
  location: Location;
  clients: { matchAll(options: { type: 'window' }): Promise<ReadonlyArray<{ url: string }>> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: MessageEventOfWorker) => void): void;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEventOfWorker) => void): void;
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

/** Keeps only answers the rules allow: anonymous GETs answered 200, public, without a cookie. */
const onlyPublic: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => (isAnonymousRequest(request) && isCacheableAnswer(response) ? response : null),
};

/** A page read from the cache says so (`data-offline-copy` on <html>), so it shows the offline banner. */
const markSavedCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const html = (await cachedResponse.text()).replace('<html', '<html data-offline-copy');
    return new Response(html, { status: cachedResponse.status, headers: cachedResponse.headers });
  },
};

// The first visit is controlled at once; a later version waits for the shopper (message SKIP_WAITING).
clientsClaim();
cleanupOutdatedCaches();
// Workbox's precache (revisioned keys, its strategy, the old files dropped at activation), but installed 6 files at
// once (precache-install.ts): one after another, a first visit waited some 90 round trips before the worker took over.
const precache = new PrecacheController();
precache.addToCacheList(self.__WB_MANIFEST);
self.addEventListener('install', (event) => event.waitUntil(precacheAtOnce(precache, event)));
self.addEventListener('activate', (event) => void precache.activate(event as unknown as Parameters<typeof precache.activate>[0]));
// `/icons.svg?v=<hash>`: the sprite is precached with its own revision, so the hash in the query may be ignored.
registerRoute(new PrecacheRoute(precache, { ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^v$/] }));

const sameOrigin = (url: URL) => url.origin === self.location.origin;

const pages = new NetworkFirst({
  cacheName: CACHES.pages,
  networkTimeoutSeconds: LIMITS.networkTimeoutSeconds,
  plugins: [onlyPublic, markSavedCopy, new ExpirationPlugin({ ...LIMITS.pages, purgeOnQuotaError: true })],
});
registerRoute(({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && isCacheablePage(url.pathname), pages);

// The pages open when the worker first takes over were loaded before it: it reads them again through the pages' rules,
// so the very first page a shopper saw opens offline too (the browser's own cache keeps nothing it must revalidate).
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const client of await self.clients.matchAll({ type: 'window' })) {
        const url = new URL(client.url);
        if (!sameOrigin(url) || !isCacheablePage(url.pathname)) continue;
        const [, done] = pages.handleAll({ event, request: new Request(url.href) } as unknown as Parameters<typeof pages.handleAll>[0]);
        await done.catch(() => undefined);
      }
    })(),
  );
});
registerRoute(
  ({ url }) => sameOrigin(url) && isProductImage(url.pathname),
  new CacheFirst({
    cacheName: CACHES.images,
    // The server picks a picture's format by `Accept` (Vary): a picture kept by a fetch ahead (offline-pictures.ts)
    // serves the <img> that asks for it later, whatever its own `Accept`.
    matchOptions: { ignoreVary: true },
    plugins: [onlyPublic, new ExpirationPlugin({ ...LIMITS.images, purgeOnQuotaError: true })],
  }),
);
// Network-first, not stale-while-revalidate: a price the retailer changed shows on the next read (domain/freshness.ts).
registerRoute(
  ({ url, request }) => sameOrigin(url) && isCatalogueApi(url.pathname) && isAnonymousRequest(request),
  new NetworkFirst({
    cacheName: CACHES.catalogue,
    networkTimeoutSeconds: LIMITS.networkTimeoutSeconds,
    plugins: [onlyPublic, new ExpirationPlugin({ ...LIMITS.catalogue, purgeOnQuotaError: true })],
  }),
);

// Personal pages always come from the network (never kept); offline they get the offline page below.
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());

// A page that was never kept (or a personal page) while offline: the French offline page.
setCatchHandler(async ({ request }: { request: Request; handler?: StrategyHandler }) => {
  if (request.mode === 'navigate') return (await precache.matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type !== 'SKIP_WAITING') return;
  // The shopper asked for the new version: old pages, answers and images go, the precache is the new version's own.
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX)).map((n) => caches.delete(n)));
      await self.skipWaiting();
    })(),
  );
});
