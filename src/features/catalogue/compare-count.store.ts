/** How many products are being compared, kept apart from the comparison so the tray loads no decoder (JS budget). */
import { persistentAtom } from '@nanostores/persistent';

/** Number of compared products (0–4); compare.store keeps it in step, anything else in storage reads as 0. */
export const $compareCount = persistentAtom<number>('compareCount', 0, {
  encode: (n) => String(n),
  decode: (text) => (/^[0-4]$/.test(text) ? Number(text) : 0),
});
