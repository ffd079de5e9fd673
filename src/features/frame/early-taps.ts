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
          // Astro drops `ssr` as React starts hydrating (in a transition): the click waits until React has claimed the
          // button (its props on the node; a node React replaced never gets them), at most 120 frames.
          let frames = 120;
          const replay = () => {
            const claimed = Object.keys(button).some((k) => k.startsWith('__reactProps$'));
            if (!claimed && --frames) return void requestAnimationFrame(replay);
            button.removeAttribute('data-tap-held');
            if (claimed) button.click();
          };
          replay();
        },
        { once: true },
      );
    },
    true,
  );
}
