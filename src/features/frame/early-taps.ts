/**
 * §2 a tap before its island is live: a click on a button of an island still drawn by the server (Astro's `ssr`
 * attribute) is held, the button shown busy (`data-tap-held`), and the same button is clicked once React has hydrated
 * it, so the first tap on a slow phone runs the island's own handler instead of doing nothing. One tap per island; links
 * and a form's submit button are left alone (they work without script: the server answers a page POST with 303).
 */

/** Child positions from `root` down to `el`. */
function pathFrom(root: Element, el: Element): number[] {
  const path: number[] = [];
  for (let n = el; n !== root && n.parentElement; n = n.parentElement) path.unshift([...n.parentElement.children].indexOf(n));
  return path;
}

/** Holds early taps on the page's islands and replays each once its island has hydrated. */
export function replayEarlyTaps(): void {
  const held = new WeakSet<Element>();
  addEventListener(
    'click',
    (e) => {
      // A <button> or a [role=button] (whose `type` and `form` are then undefined).
      const button = (e.target as Element | null)?.closest?.<HTMLButtonElement>('button, [role="button"]');
      const island = button?.closest('astro-island[ssr]');
      if (!button || !island || button.closest('a[href]') || (button.type === 'submit' && button.form)) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      if (held.has(island)) return;
      held.add(island);
      button.setAttribute('data-tap-held', '');
      const path = pathFrom(island, button);
      const release = () => {
        held.delete(island);
        button.removeAttribute('data-tap-held');
      };
      island.addEventListener('astro:hydration-error', release, { once: true });
      island.addEventListener(
        'astro:hydrate',
        () => {
          // Astro drops `ssr` as React starts hydrating (in a transition): the click waits until React has claimed the
          // button (its props on the node), at most 2 s of frames.
          let frames = 120;
          const replay = () => {
            const again = path.reduce<Element | undefined>((n, i) => n?.children[i], island);
            const claimed = again?.tagName === button.tagName && Object.keys(again).some((k) => k.startsWith('__reactProps$'));
            if (!claimed && --frames > 0) return void requestAnimationFrame(replay);
            release();
            if (claimed) (again as HTMLElement).click();
          };
          replay();
        },
        { once: true },
      );
    },
    true,
  );
}
