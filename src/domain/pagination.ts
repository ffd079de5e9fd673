/** Pagination rules of spec §2 "Pagination" and §9: first and last page, current ±2, ellipses; the count line. */
import { groupDigits } from './money.ts';

/** One slot of the pagination bar: a page number or a gap. */
export type PageItem = number | 'ellipsis';

/** How many pages `total` results make at `limit` per page (at least 1). */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/** Pages to show: 1, last, and current ±2; a gap of one page shows that page, wider gaps an ellipsis. */
export function pageItems(current: number, last: number): PageItem[] {
  if (last <= 1) return [1];
  const page = Math.min(Math.max(1, current), last);
  const shown = new Set([1, last]);
  for (let p = page - 2; p <= page + 2; p++) if (p >= 1 && p <= last) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  for (const p of pages) {
    const prev = items.length ? (items[items.length - 1] as number) : 0;
    if (p - prev === 2) items.push(p - 1);
    else if (p - prev > 2) items.push('ellipsis');
    items.push(p);
  }
  return items;
}

/** The count line: 'start–end sur total résultats' (en dash), or '0 résultat'. */
export function countLine(page: number, limit: number, total: number): string {
  if (total <= 0) return '0 résultat';
  const start = Math.min((page - 1) * limit + 1, total);
  const end = Math.min(page * limit, total);
  return `${start}–${end} sur ${total} ${total === 1 ? 'résultat' : 'résultats'}`;
}

/** A count as the back office writes it (§2 "Pagination"): French digit groups, '10 000'. */
export function formatCount(n: number): string {
  return groupDigits(n);
}
