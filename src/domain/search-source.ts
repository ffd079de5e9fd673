/** Where a search term comes from (spec §7 "CRM and search tracking"); no zod, so the header search stays light. */

export const SEARCH_SOURCES = ['boutique', 'en-promo', 'promo-ramadan', 'promo-korite'] as const;
/** One of the listings a search is reported from. */
export type SearchSource = (typeof SEARCH_SOURCES)[number];

/** The source of a search made on `pathname`: its promo listing when it has one, else the shop. */
export function searchSource(pathname: string): SearchSource {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/en-promo') return 'en-promo';
  if (path === '/promo-ramadan') return 'promo-ramadan';
  if (path === '/promo-korite') return 'promo-korite';
  return 'boutique';
}
