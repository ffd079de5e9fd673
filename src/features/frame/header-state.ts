/** Keeps the frame's session-bound parts live without React (§2 "Shared frame"): the header's counts, the credit-cart icon, profile or login. */
import { $isAuthenticated, $isCreditMember } from '../account/session.store.ts';
import { $counts } from './frame.store.ts';
import { badgeText, COUNTED_LINKS, countedName } from './header-links.ts';

/** Writes the counts into the header's links and follows the session; marks the list `data-live` once bound. */
export function bindHeaderState(doc: Document = document): void {
  const list = doc.querySelector<HTMLElement>('[data-header-icons]');
  if (list) {
    $counts.subscribe((counts) => {
      for (const { key, label } of COUNTED_LINKS) {
        const link = list.querySelector<HTMLAnchorElement>(`[data-count="${key}"]`);
        const badge = link?.querySelector('span');
        if (!link || !badge) continue;
        link.setAttribute('aria-label', countedName(label, counts[key]));
        badge.textContent = badgeText(counts[key]);
        badge.hidden = counts[key] <= 0;
      }
    });
    $isCreditMember.subscribe((member) => {
      for (const el of list.querySelectorAll<HTMLElement>('[data-credit-only]')) el.hidden = !member;
    });
  }
  // The header's profile or login icon and the navigation bar's account entries.
  $isAuthenticated.subscribe((inside) => {
    for (const el of doc.querySelectorAll<HTMLElement>('header [data-session]')) el.hidden = (el.dataset.session === 'in') !== inside;
  });
  list?.setAttribute('data-live', '');
}
