/** A list screen's filters as they live in the URL (rule: filters live in the URL), read through the list's own zod query schema. */
import { useEffect, useState, type FormEvent } from 'react';

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

/**
 * A list at `path` whose filters live in its URL: read from it, loaded with `load` on every change, followed when the browser goes
 * back; `go` moves to other filters, `submit` reads them from a filter form (values trimmed).
 */
export function useUrlFilters<T>(
  path: string,
  shape: Record<string, Field>,
  defaults: Record<string, unknown>,
  load: (filters: Partial<T>) => unknown,
) {
  const [filters, setFilters] = useState<Partial<T>>(() =>
    queryFromSearch<T>(shape, typeof location === 'undefined' ? '' : location.search),
  );
  useEffect(() => void load(filters), [load, filters]);
  useEffect(() => {
    const back = () => setFilters(queryFromSearch<T>(shape, location.search));
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, [shape]);

  function go(next: Partial<T>) {
    history.pushState(null, '', `${path}${queryString(next, defaults)}`);
    setFilters(next);
  }
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = Object.fromEntries([...new FormData(e.currentTarget)].map(([k, v]) => [k, String(v).trim()]));
    go(queryFromSearch<T>(shape, new URLSearchParams(data).toString()));
  }
  return { filters, go, submit, key: queryString(filters, defaults) };
}
