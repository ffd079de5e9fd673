/** A list screen's filters as they live in the URL (rule: filters live in the URL), read through the list's own zod query schema. */
type Field = { safeParse: (v: unknown) => { success: boolean; data?: unknown } };

/** The filters a query string names; anything invalid is dropped rather than refused. */
export function queryFromSearch<T>(shape: Record<string, Field>, search: string): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(search)) {
    const parsed = v && shape[k] ? shape[k].safeParse(v) : null;
    if (parsed?.success && parsed.data !== '') out[k] = parsed.data;
  }
  return out as Partial<T>;
}

/** The query string of `filters`, leaving out empty values and those equal to `defaults`. */
export function queryString(filters: object, defaults: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || v === '' || defaults[k] === v) continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}
