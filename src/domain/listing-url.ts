/** Listing filters ↔ URL query (spec §2 "Listing query parameters", §5 defaults): pure, both ways. */
import type { Filters, ProductType } from './filters.ts';

// The filters' values live here rather than in filters.ts, whose zod schemas islands must not load on first view.
/** The most products one page may ask for. */
export const MAX_LIMIT = 100;
export const productTypes = ['All', 'promo', 'credit'] as const;

/** Defaults read when the URL says nothing (§5). */
export const defaultFilters: Readonly<Filters> = Object.freeze({
  category: 'All',
  search: '',
  min: 1000,
  max: 5_000_000,
  page: 1,
  limit: 9,
  productType: 'All',
  tag: 'All',
});

/** State after "Réinitialiser" (§4, §5): the defaults with min 5000. */
export const resetFilters: Readonly<Filters> = Object.freeze({ ...defaultFilters, min: 5000 });

function whole(raw: string | null, fallback: number, lo: number, hi: number): number {
  if (raw === null || !/^\d+$/.test(raw.trim())) return fallback;
  const n = Number(raw.trim());
  return n >= lo && n <= hi ? n : fallback;
}

const allOrId = (raw: string | null): 'All' | number => whole(raw, 0, 1, Number.MAX_SAFE_INTEGER) || 'All';

/** Reads the filters from a query string; missing or malformed values fall back to the §5 defaults. */
export function filtersFromQuery(query: string | URLSearchParams): Filters {
  const q = typeof query === 'string' ? new URLSearchParams(query) : query;
  const type = q.get('productType');
  return {
    category: allOrId(q.get('category')),
    search: (q.get('search') ?? '').trim().slice(0, 100),
    min: whole(q.get('min'), defaultFilters.min, 0, Number.MAX_SAFE_INTEGER),
    max: whole(q.get('max'), defaultFilters.max, 0, Number.MAX_SAFE_INTEGER),
    page: whole(q.get('page'), defaultFilters.page, 1, 100_000),
    limit: whole(q.get('limit'), defaultFilters.limit, 1, MAX_LIMIT),
    productType: (productTypes as readonly string[]).includes(type ?? '') ? (type as ProductType) : 'All',
    tag: allOrId(q.get('tag')),
  };
}

/** Writes the filters as a query string ('' or '?…'), leaving out values equal to the defaults. */
export function queryFromFilters(filters: Filters): string {
  const q = new URLSearchParams();
  for (const key of Object.keys(defaultFilters) as Array<keyof Filters>) {
    const value = filters[key];
    if (value !== defaultFilters[key]) q.set(key, String(value));
  }
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The filters after one change: any change other than the page sends the shopper back to page 1. */
export function withChange(filters: Filters, change: Partial<Filters>): Filters {
  return { ...filters, page: 1, ...change };
}
