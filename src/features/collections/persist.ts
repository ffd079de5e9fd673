/** Safe decoding of persisted strings: damaged or foreign data falls back, never throws; the cookie mirror of stored lists. */
import type { ReadableAtom } from 'nanostores';
import { encodeMirror, mirrorCookies, type MirroredList, type MirrorLine } from '../../domain/mirror.ts';

/** Parses JSON text through a reader (null = invalid); anything unreadable or invalid gives `fallback`. */
export function decodeStored<T>(read: (raw: unknown) => T | null, text: string | undefined | null, fallback: T): T {
  if (text == null || text === '') return fallback;
  try {
    return read(JSON.parse(text)) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * Keeps the cookie mirror of a stored list (domain/mirror.ts) in step with its store, from now on: the server reads it
 * to draw the screen its island hydrates. A year long, for this site only; an empty list deletes it.
 */
export function mirrorToCookie<T>(store: ReadableAtom<readonly T[]>, list: MirroredList, toLine: (item: T) => MirrorLine): void {
  if (typeof document === 'undefined') return;
  const name = mirrorCookies[list];
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  store.subscribe((items) => {
    const value = encodeMirror(items.map(toLine));
    const wanted = value ? `${name}=${value}` : '';
    if (document.cookie.split('; ').includes(wanted) || (!value && !document.cookie.includes(`${name}=`))) return;
    document.cookie = `${name}=${value}; Path=/; SameSite=Lax${secure}; Max-Age=${value ? 31_536_000 : 0}`;
  });
}
