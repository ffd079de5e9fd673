/** The special-offer popup (§4, §9): for new visitors only, shown unless closed within the last 10 s; the closing time is kept. */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { seesSpecialOffer } from '../../domain/special-offer.ts';
import { $session } from '../account/session.store.ts';
import { decodeStored } from './persist.ts';

/** §9: the popup comes back 10 000 ms after being closed. */
const POPUP_DELAY = 10_000;

const epochMs = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);
// A time in ms since the epoch, stored as JSON; damaged values read as 0 (never).
const epoch = { encode: (v: number) => JSON.stringify(v), decode: (text: string) => decodeStored(epochMs, text, 0) };

/** When the popup was last closed (ms since the epoch), 0 when never; damaged values read as never. */
export const $popupLastClosed = persistentAtom<number>('popupLastClosed', 0, epoch);

/** When this browser last placed an order (ms since the epoch), 0 when never: such a shopper is no new visitor. */
export const $orderedHere = persistentAtom<number>('orderedHere', 0, epoch);

/** §4: whether this browser's shopper is offered the popup at all (domain/special-offer.ts). */
export const $offerAudience = computed([$session, $orderedHere], (session, ordered) =>
  seesSpecialOffer({ loggedIn: session !== null, orderedHere: ordered > 0 }),
);

/** Records that an order was placed from this browser (every order kind calls it once the server acknowledged it). */
export function markOrderedHere(now: number = Date.now()): void {
  $orderedHere.set(now);
}

/** Milliseconds until the popup may show again (0: show now). */
export function popupWait(now: number, lastClosed: number = $popupLastClosed.get()): number {
  return Math.max(0, Math.min(POPUP_DELAY, lastClosed + POPUP_DELAY - now));
}

/** Records the closing time. */
export function closePopup(now: number = Date.now()): void {
  $popupLastClosed.set(now);
}
