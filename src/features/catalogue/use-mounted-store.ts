/** Reads a session-dependent store only once mounted, so server HTML and first client render agree (no hydration mismatch). */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ReadableAtom } from 'nanostores';

/** The store's value after mount; `false` during server rendering and hydration. */
export function useMountedFlag(store: ReadableAtom<boolean>): boolean {
  const value = useStore(store);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted && value;
}
