/**
 * The frame's few lines of script, run once per page (§1, §2 "Shared frame", §9): `page_view`, the after-sales panel,
 * the contact button's animation, the offline banner, the background worker with its new-version bar, and the product
 * pictures kept for offline use (a placeholder for one that cannot load).
 */
import { pageViewEvent, pushDataLayer } from '../collections/datalayer.ts';
import { schedulePulse } from './contact-pulse.ts';
import { placeholdBrokenPictures, showsProductPictures } from './product-image.ts';

const byId = (id: string) => document.getElementById(id);

/** `page_view` with the path once for this page, and again when the back/forward cache brings it back. */
function reportPageViews(): void {
  const send = () => pushDataLayer(pageViewEvent(location.pathname));
  send();
  addEventListener('pageshow', (e: PageTransitionEvent) => e.persisted && send());
}

/** The after-sales panel: its button toggles it; Escape, the close button or a click elsewhere closes it. */
function supportPanel(): void {
  const toggle = byId('sav-toggle');
  const panel = byId('sav-panel');
  if (!toggle || !panel) return;
  const set = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
  };
  const close = () => {
    set(false);
    toggle.focus();
  };
  toggle.addEventListener('click', () => set(panel.hidden !== false));
  panel.querySelector('[data-close]')?.addEventListener('click', close);
  document.addEventListener('keydown', (e) => e.key === 'Escape' && !panel.hidden && close());
  document.addEventListener('click', (e) => {
    if (!panel.hidden && !toggle.parentElement?.contains(e.target as Node)) set(false);
  });
}

/** §9 animation of the contact button; none when the shopper asks for reduced motion. */
function contactPulse(): void {
  const button = document.querySelector('[data-contact-pulse]');
  const reduce = matchMedia('(prefers-reduced-motion: reduce)');
  if (!button || reduce.matches) return;
  const stop = schedulePulse({
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (h) => clearTimeout(h as number),
    random: Math.random,
    start: () => button.setAttribute('data-pulsing', ''),
    end: () => button.removeAttribute('data-pulsing'),
  });
  reduce.addEventListener('change', () => reduce.matches && stop());
}

// What the floating contacts must never sit on: the page's buttons and fields, the checkout link, the toasts, and what
// a screen marks `data-keep-clear` (a cart's lines and summary, the order found by /tracking-order).
const CONTROLS = 'button, input, select, textarea, a[href^="/checkout"], [role="status"], [role="alert"], [data-keep-clear]';

/** Steps the floating contacts aside (hidden) while a control or a toast lies under one of them, so they never cover it. */
function keepClear(): void {
  const dock = byId('contact-dock');
  if (!dock) return;
  const meet = (a: DOMRect, b: DOMRect) =>
    a.width > 0 && b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  let queued = false;
  const check = () => {
    queued = false;
    // Measured with the contacts in place (hidden ones keep their box), against every control of the page.
    const spots = [...dock.querySelectorAll('[data-dock-button]')].map((b) => b.getBoundingClientRect());
    const under = [...document.querySelectorAll(CONTROLS)].some(
      (c) => !dock.contains(c) && spots.some((s) => meet(s, c.getBoundingClientRect())),
    );
    dock.toggleAttribute('data-aside', byId('sav-panel')?.hidden !== false && under);
  };
  const queue = () => {
    if (!queued) requestAnimationFrame(check);
    queued = true;
  };
  addEventListener('scroll', queue, { passive: true });
  addEventListener('resize', queue);
  new ResizeObserver(queue).observe(document.body);
  // Toasts come and go; islands draw their controls into space the page already reserved (no resize to hear).
  const changes = new MutationObserver(queue);
  for (const root of [byId('toasts'), document.querySelector('main')]) if (root) changes.observe(root, { childList: true, subtree: true });
}

/** The offline banner: shown while the network is gone, or when this page is a saved copy (the worker marks it). */
function offlineBanner(): void {
  const banner = byId('offline-banner');
  if (!banner) return;
  const copy = document.documentElement.hasAttribute('data-offline-copy');
  const update = () => {
    banner.hidden = navigator.onLine && !copy;
  };
  update();
  addEventListener('online', update);
  addEventListener('offline', update);
}

/** Registers /sw.js (built shop only); a waiting new version shows the bar, and 'Mettre à jour' reloads this tab once. */
function backgroundWorker(): void {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  if (!import.meta.env.PROD) {
    // `astro dev`: no worker, and none left over from a built shop on the same address.
    void sw.getRegistrations().then((all) => all.forEach((r) => void r.unregister()));
    return;
  }
  const bar = byId('update-bar');
  let registration: ServiceWorkerRegistration | undefined;
  let asked = false;
  const offer = () => {
    if (bar && registration?.waiting && sw.controller) bar.hidden = false;
  };
  bar?.querySelector('button')?.addEventListener('click', (e) => {
    (e.currentTarget as HTMLButtonElement).disabled = true;
    asked = true;
    // The waiting worker empties the caches, then takes over: `controllerchange` below reloads.
    if (registration?.waiting) registration.waiting.postMessage({ type: 'SKIP_WAITING' });
    else location.reload();
  });
  // Only the tab that asked reloads, once: other tabs (a form half filled) keep their page.
  sw.addEventListener('controllerchange', () => {
    if (!asked) return;
    asked = false;
    location.reload();
  });
  const register = () =>
    sw.register('/sw.js', { scope: '/' }).then(
      (r?: ServiceWorkerRegistration) => {
        // A browser told to block workers (test runs) may answer without a registration.
        if (!r) return;
        registration = r;
        offer();
        r.addEventListener('updatefound', () => {
          const next = r.installing;
          next?.addEventListener('statechange', () => next.state === 'installed' && offer());
        });
      },
      () => {},
    );
  if (document.readyState === 'complete') void register();
  else addEventListener('load', () => void register());
}

/**
 * §1 offline: once the page is idle, a product picture that fails shows the placeholder (product-image.ts), and once the
 * worker controls the page its pictures are kept for offline use (offline-pictures.ts, loaded only then: without a
 * worker it has nothing to keep). Only on a page that shows product pictures, or while offline.
 */
function offlinePicturesWhenIdle(): void {
  // Offline, islands may draw pictures from storage later (the cart on /hors-ligne): the placeholder is wanted then.
  if (navigator.onLine && !showsProductPictures()) return;
  const sw = navigator.serviceWorker;
  const keep = () => void import('./offline-pictures.ts').then((m) => m.offlinePictures()).catch(() => {});
  const run = () => {
    placeholdBrokenPictures();
    if (sw?.controller) keep();
    else sw?.addEventListener('controllerchange', keep, { once: true });
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 5000 });
  else setTimeout(run, 1000);
}

reportPageViews();
supportPanel();
contactPulse();
keepClear();
offlineBanner();
backgroundWorker();
offlinePicturesWhenIdle();
