/**
 * §2 a tap before its island is live: an inline script of the layout's head, so it hears taps from first paint, before
 * any module script has arrived on a slow phone. A click on a button of an island still drawn by the server (Astro's
 * `ssr` attribute) is held, the button shown busy (`data-tap-held`), and clicked again once the island hydrates: React
 * then has its root, hydrates that part at once and runs the handler (its selective hydration of discrete events). One
 * tap per island; links and a form's submit button are left alone (they work without script: the server answers a page
 * POST with 303).
 */
import { createHash } from 'node:crypto';

// Plain ES5, as it runs before any bundle; the page carries it byte for byte, so its hash below is the one the CSP allows.
// Its listener runs on every tap, the first one included: V8's compile hint (first line, the build's `COMPILE_ALL`)
// compiles it with the page.
export const EARLY_TAPS_SCRIPT = `//# allFunctionsCalledOnLoad
addEventListener('click', function (e) {
  var button = e.target && e.target.closest ? e.target.closest('astro-island[ssr] button') : null;
  var island = button && button.closest('astro-island');
  if (!button || !island || (button.type === 'submit' && button.form)) return;
  // Nothing else hears it: not React either, should it start hydrating the island right now (it would run it too).
  e.preventDefault();
  e.stopPropagation();
  if (island.querySelector('[data-tap-held]')) return;
  button.setAttribute('data-tap-held', '');
  island.addEventListener('astro:hydrate', function () {
    button.removeAttribute('data-tap-held');
    if (button.isConnected) button.click();
  }, { once: true });
}, true);`;

/** Its CSP hash, allowed on every page by astro.config.mjs. */
export const EARLY_TAPS_HASH = `sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}` as const;
