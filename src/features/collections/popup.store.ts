/** The special-offer popup (§4, §9): shown unless closed within the last 10 s; the closing time is kept. */
import { persistentAtom } from '@nanostores/persistent';
import { decodeStored } from './persist.ts';

/** §9: the popup comes back 10 000 ms after being closed. */
export const POPUP_DELAY = 10_000;

/** When the popup was last closed (ms since the epoch), 0 when never; damaged values read as never. */
export const $popupLastClosed = persistentAtom<number>('popupLastClosed', 0, {
  encode: (v) => JSON.stringify(v),
  decode: (text) => decodeStored((v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null), text, 0),
});

/** Milliseconds until the popup may show again (0: show now). */
export function popupWait(now: number, lastClosed: number = $popupLastClosed.get()): number {
  return Math.max(0, Math.min(POPUP_DELAY, lastClosed + POPUP_DELAY - now));
}

/** Records the closing time. */
export function closePopup(now: number = Date.now()): void {
  $popupLastClosed.set(now);
}
