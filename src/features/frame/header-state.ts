/** Keeps the frame's session-bound parts live without React (§2 "Shared frame"): the header's counts, the member-only parts, profile or login. */
import { $canFilterCredit, $isAdmin, $isAuthenticated, $isCreditMember } from '../account/session.store.ts';
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
  }
  // The root marks global.css shows the member-only parts under (the credit-cart icon, 'À crédit', the credit price and
  // radio): set before first paint by member-marks.ts, followed here when the session changes (login, logout, adhesion).
  const root = doc.documentElement;
  $isCreditMember.subscribe((member) => root.toggleAttribute('data-credit-member', member));
  $canFilterCredit.subscribe((filter) => root.toggleAttribute('data-credit-filter', filter));
  // The admin's 'Administration' links, under the root's admin mark (set before first paint by member-marks.ts too).
  $isAdmin.subscribe((admin) => root.toggleAttribute('data-admin', admin));
  // The header's profile or login icon and the navigation bar's account entries.
  $isAuthenticated.subscribe((inside) => {
    for (const el of doc.querySelectorAll<HTMLElement>('header [data-session]')) el.hidden = (el.dataset.session === 'in') !== inside;
  });
  list?.setAttribute('data-live', '');
}
