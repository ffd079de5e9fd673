/** The order list's filters as they live in the URL (rule: filters live in the URL). */
import { adminOrderQuerySchema, type AdminOrderQuery } from '../../domain/admin.schema.ts';

/** The filters a query string names; anything invalid is dropped rather than refused. */
export function filtersFromSearch(search: string): Partial<AdminOrderQuery> {
  const out: Record<string, unknown> = {};
  const fields = adminOrderQuerySchema.shape as Record<string, { safeParse: (v: unknown) => { success: boolean; data?: unknown } }>;
  for (const [k, v] of new URLSearchParams(search)) {
    const parsed = v && fields[k] ? fields[k].safeParse(v) : null;
    if (parsed?.success && parsed.data !== '') out[k] = parsed.data;
  }
  return out as Partial<AdminOrderQuery>;
}

/** The query string of `filters` (defaults left out). */
export function searchOf(filters: Partial<AdminOrderQuery>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || v === '' || (k === 'page' && v === 1) || (k === 'limit' && v === 20)) continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}
