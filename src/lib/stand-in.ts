/**
 * The hand-over of a stand-in drawn without React (the collection screens', the comparison's and the checkout screens'
 * previews, §4, §2) to its island: once the island's own content replaces its `[data-reserved]` placeholder, the
 * stand-in is emptied and its frame's `data-drawn` dropped in the same frame, the focus moves to the same control in
 * the island, and every tap made on the stand-in meanwhile is replayed there, in order.
 */

/** The name a control is known by (its accessible label, or its text), to find its twin in the island. */
const controlName = (el: Element): string => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';

/** The island's control of the same tag and name as `of` (given, or read from `of`). */
export function twin(root: Element, of: Element, name = controlName(of)): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>(of.tagName)].find((el) => controlName(el) === name);
}

interface HandOverOptions {
  /** Runs first (stop redrawing the stand-in). */
  done?: () => void;
  /** False when the caller replays its own taps (in `done`); by default every enabled button tapped is replayed. */
  replayTaps?: boolean;
}

/** Hands `standIn` (inside `frame`) over to `island` once the island has drawn for itself. */
export function handOver(frame: HTMLElement, standIn: HTMLElement, island: Element, { done, replayTaps = true }: HandOverOptions = {}): void {
  const taps: Element[] = [];
  if (replayTaps) {
    standIn.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button') : null;
      if (button && !button.disabled) taps.push(button);
    });
  }
  const watch = new MutationObserver(async () => {
    if (island.querySelector('[data-reserved]')) return;
    watch.disconnect();
    const focused = document.activeElement && standIn.contains(document.activeElement) ? document.activeElement : null;
    const focusTwin = focused && twin(island, focused);
    done?.();
    standIn.replaceChildren();
    frame.removeAttribute('data-drawn');
    focusTwin?.focus();
    for (const tap of taps) {
      twin(island, tap)?.click();
      // The island redraws between taps, so each finds its twin as the previous one left it (a line removed drops its later taps).
      await new Promise((next) => setTimeout(next));
    }
  });
  watch.observe(island, { childList: true, subtree: true });
}
