/** Safe decoding of persisted strings: damaged or foreign data falls back, never throws; the cookie mirror of stored lists. */
import type { ReadableAtom } from 'nanostores';
import { encodeMirror, mirrorCookies, type MirroredList, type MirrorLine } from '../../domain/mirror.ts';
import { parseCookies } from '../account/session-cookies.ts';

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
  // The cookie is read once, as the page found it: reading it again after a write is a synchronous round trip to the
  // browser's network process, on every tap. Another tab's change reaches this store too (storage event), and is written.
  let written = parseCookies(document.cookie).get(name) ?? '';
  store.subscribe((items) => {
    const value = encodeMirror(items.map(toLine));
    if (value === written) return;
    written = value;
    document.cookie = `${name}=${value}; Path=/; SameSite=Lax${secure}; Max-Age=${value ? 31_536_000 : 0}`;
  });
}
