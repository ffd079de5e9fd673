/**
 * §2 a tap before its island is live: a click on a button of an island still drawn by the server (Astro's `ssr`
 * attribute) is held, the button shown busy (`data-tap-held`), and clicked again once React has hydrated it, so the
 * first tap on a slow phone runs the island's own handler instead of doing nothing. One tap per island; links and a
 * form's submit button are left alone (they work without script: the server answers a page POST with 303).
 */

/** Holds early taps on the page's islands and replays each once its island has hydrated. */
export function replayEarlyTaps(): void {
  addEventListener(
    'click',
    (e) => {
      const button = (e.target as Element | null)?.closest?.<HTMLButtonElement>('astro-island[ssr] button');
      const island = button?.closest('astro-island');
      if (!button || !island || (button.type === 'submit' && button.form)) return;
      // Nothing else hears it: not React either, should it start hydrating the island right now (it would run it too).
      e.preventDefault();
      e.stopPropagation();
      if (island.querySelector('[data-tap-held]')) return;
      button.setAttribute('data-tap-held', '');
      island.addEventListener(
        'astro:hydrate',
        () => {
          button.removeAttribute('data-tap-held');
          // React has its root now: a click on markup it is still hydrating makes it hydrate that part at once and
          // then run the handler (its own replay of discrete events), so the tap is clicked again as is.
          if (button.isConnected) button.click();
        },
        { once: true },
      );
    },
    true,
  );
}
