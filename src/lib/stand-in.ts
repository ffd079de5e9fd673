/**
 * The hand-over of a stand-in drawn without React (the collection screens' and the comparison's previews, §4, §2) to
 * its island: once the island's own content replaces its `[data-reserved]` placeholder, the stand-in is emptied in
 * the same frame, the focus moves to the same control in the island and every tap made meanwhile is replayed there.
 */

/** The name a control is known by (its accessible label, or its text), to find its twin in the island. */
const nameOf = (el: Element): string => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';

function twin(root: Element, of: Element): HTMLElement | undefined {
  const name = nameOf(of);
  return [...root.querySelectorAll<HTMLElement>(of.tagName)].find((el) => nameOf(el) === name);
}

/** Records taps on `standIn` and hands over to `island` when it has drawn; `done` runs first (stop redrawing, unmark). */
export function handOver(island: Element, standIn: HTMLElement, done: () => void): void {
  const taps: Element[] = [];
  standIn.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest('button') : null;
    if (button && !button.disabled) taps.push(button);
  });
  const watch = new MutationObserver(async () => {
    if (island.querySelector('[data-reserved]')) return;
    watch.disconnect();
    const focused = document.activeElement && standIn.contains(document.activeElement) ? document.activeElement : null;
    const focusTwin = focused && twin(island, focused);
    done();
    standIn.replaceChildren();
    focusTwin?.focus();
    for (const tap of taps) {
      twin(island, tap)?.click();
      // The island redraws between taps, so each finds its twin as the previous one left it (a line removed drops its later taps).
      await new Promise((next) => setTimeout(next));
    }
  });
  watch.observe(island, { childList: true, subtree: true });
}
