/**
 * `client:interaction`: an island that loads its JavaScript (and React) only once the shopper touches it — a focus,
 * a tap, a key or the pointer coming over it. Until then its server HTML works alone (the search box is a plain GET form).
 * A button tapped before the code arrived is tapped again once the island is live.
 *
 * Its value may add, separated by spaces:
 * - `page`: a touch anywhere on the page wakes it (it draws something only after the shopper acts elsewhere, or a
 *   stand-in drawn without React sits outside it, as the collection screens' preview);
 * - `stored=<key>`: wake at once when localStorage holds `<key>` with a value other than `0` (something to show now);
 * - `query`: wake at once when the address has a query string (the island reads it on arrival);
 * - `hold-submit`: a form sent before the island is live is held, never sent as a plain GET (a password would land in
 *   the address), and sent again once the island marks its form `data-live` (after its first render).
 */
import type { ClientDirective } from 'astro';

const EVENTS = ['focusin', 'pointerdown', 'pointerover', 'touchstart', 'keydown', 'input'] as const;

/** Whether the island must wake at once, from its directive value. */
function wakeNow(words: string[]): boolean {
  if (words.includes('query') && location.search.length > 1) return true;
  return words.some((w) => {
    if (!w.startsWith('stored=')) return false;
    try {
      const v = localStorage.getItem(w.slice('stored='.length));
      return v !== null && v !== '' && v !== '0';
    } catch {
      return false;
    }
  });
}

const interaction: ClientDirective = (load, options, el) => {
  const words = typeof options.value === 'string' ? options.value.split(/\s+/) : [];
  const target: EventTarget = words.includes('page') ? document : el;
  let started = false;
  let hydrating = false;
  let pending: HTMLElement | null = null;
  const onClick = (e: Event) => {
    const button = e.target instanceof Element ? e.target.closest('button[type="button"]') : null;
    if (!hydrating && button instanceof HTMLElement) pending = button;
  };
  el.addEventListener('click', onClick, true);
  let held: HTMLFormElement | null = null;
  const sendWhenLive = new MutationObserver(() => {
    if (!held?.hasAttribute('data-live')) return;
    const form = held;
    held = null;
    form.requestSubmit();
  });
  // Stays for the page's life: a submit React cannot take yet (hydration still under way) is held too.
  const onSubmit = (e: Event) => {
    const form = e.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('data-live')) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    held = form;
    sendWhenLive.observe(el, { subtree: true, attributeFilter: ['data-live'] });
    void start();
  };
  if (words.includes('hold-submit')) el.addEventListener('submit', onSubmit, true);
  const start = async () => {
    if (started) return;
    started = true;
    for (const name of EVENTS) target.removeEventListener(name, start, true);
    const hydrate = await load();
    hydrating = true;
    await hydrate();
    el.removeEventListener('click', onClick, true);
    pending?.click();
  };
  for (const name of EVENTS) target.addEventListener(name, start, { capture: true, passive: true });
  if (wakeNow(words)) void start();
};

export default interaction;
