/**
 * `client:interaction`: an island that loads its JavaScript (and React) only once the shopper touches it — a focus,
 * a tap, a key or the pointer coming over it. Until then its server HTML works alone (the search box is a plain GET form).
 * A button tapped before the code arrived is tapped again once the island is live.
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['focusin', 'pointerdown', 'pointerover', 'touchstart', 'keydown', 'input'] as const;

const interaction: ClientDirective = (load, _options, el) => {
  let started = false;
  let hydrating = false;
  let pending: HTMLElement | null = null;
  const onClick = (e: Event) => {
    const button = e.target instanceof Element ? e.target.closest('button[type="button"]') : null;
    if (!hydrating && button instanceof HTMLElement) pending = button;
  };
  el.addEventListener('click', onClick, true);
  const start = async () => {
    if (started) return;
    started = true;
    for (const name of EVENTS) el.removeEventListener(name, start, true);
    const hydrate = await load();
    hydrating = true;
    await hydrate();
    el.removeEventListener('click', onClick, true);
    pending?.click();
  };
  for (const name of EVENTS) el.addEventListener(name, start, { capture: true, passive: true });
};

export default interaction;
