/**
 * The hand-over of a first-paint preview (drawn without React beside its island) to the island: once the island has
 * drawn for itself (its server stand-in `[data-reserved]` is gone), the preview is emptied in the same frame, before
 * paint, and the focus moves to the island's twin of the control that had it.
 */

/** The name a control is known by (its accessible label, or its text), to find its twin in the island. */
export const controlName = (el: Element): string => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '';

/** The island's control of the same tag and name as `of` (given, or read from `of`). */
export function twin(root: Element, of: Element, name = controlName(of)): HTMLElement | undefined {
  return [...root.querySelectorAll<HTMLElement>(of.tagName)].find((el) => controlName(el) === name);
}

/** Empties `preview` and drops the frame's `data-drawn` once `island` has drawn, then calls `live` (to replay a tap). */
export function handOver(frame: HTMLElement, preview: HTMLElement, island: Element, live: () => void = () => {}): void {
  const observer = new MutationObserver(() => {
    if (island.querySelector('[data-reserved]')) return;
    observer.disconnect();
    const focused = document.activeElement && preview.contains(document.activeElement) ? document.activeElement : null;
    const focusTwin = focused && twin(island, focused);
    preview.replaceChildren();
    frame.removeAttribute('data-drawn');
    focusTwin?.focus();
    live();
  });
  observer.observe(island, { childList: true, subtree: true });
}
