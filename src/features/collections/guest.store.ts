/** The guest identifier (§3 "Browser storage" guestId): made once, then kept. */
import { persistentAtom } from '@nanostores/persistent';

const guestIdPattern = /^[A-Za-z0-9-]{8,64}$/;

/** Persisted guest id; anything not shaped like an id decodes to '' and is replaced. */
export const $guestId = persistentAtom<string>('guestId', '', {
  encode: (v) => v,
  decode: (text) => (guestIdPattern.test(text) ? text : ''),
});

/** Returns the guest id, making and saving one the first time. */
export function ensureGuestId(): string {
  const current = $guestId.get();
  if (guestIdPattern.test(current)) return current;
  const id = globalThis.crypto?.randomUUID?.() ?? `g-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  $guestId.set(id);
  return id;
}
