/** Reads a browser-only store only once mounted, so server HTML and first client render agree (no hydration mismatch). */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ReadableAtom } from 'nanostores';

/** True once the island has mounted in the browser; false on the server and during hydration. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

/** The store's value after mount; `serverValue` (what the server rendered) before. */
export function useMountedStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  const value = useStore(store);
  return useMounted() ? value : serverValue;
}
