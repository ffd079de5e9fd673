/** §5 OTP boxes, without React: what the four boxes hold after a shopper types or pastes, one digit a box. */
import { OTP_LENGTH } from '../../domain/account-text.ts';

/** Four empty boxes. */
export const EMPTY_BOXES: readonly string[] = Array<string>(OTP_LENGTH).fill('');

/** The boxes and the one to focus next. */
export interface BoxesState {
  boxes: string[];
  next: number;
}

/**
 * The boxes once box `i` holds `typed`: non-digits are dropped, a digit typed beside the box's own replaces it, and more
 * digits (a paste, an autofilled code, keys typed before the screen was live) run on into the next boxes.
 */
export function enterDigits(boxes: readonly string[], i: number, typed: string): BoxesState {
  const old = boxes[i] ?? '';
  let digits = typed.replace(/\D/g, '');
  if (old && digits.length === 2 && digits.includes(old)) digits = digits.replace(old, '');
  const out = [...boxes];
  if (!digits) {
    out[i] = '';
    return { boxes: out, next: i };
  }
  [...digits].slice(0, boxes.length - i).forEach((d, k) => {
    out[i + k] = d;
  });
  return { boxes: out, next: Math.min(i + digits.length, boxes.length - 1) };
}

/** What the server-drawn boxes hold when the screen comes alive (typed or pasted before), spread one digit a box; null when empty. */
export function pickUpBoxes(values: readonly string[]): BoxesState | null {
  let state: BoxesState | null = null;
  values.forEach((value, j) => {
    if (/\d/.test(value)) state = enterDigits(state?.boxes ?? EMPTY_BOXES, j, value);
  });
  return state;
}
