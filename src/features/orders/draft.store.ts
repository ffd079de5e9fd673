/** The checkout draft this browser keeps (§2 `/checkout` → `/commande-validation`, storage key `checkout`), read through its schema (draft.ts). */
import { persistentAtom } from '@nanostores/persistent';
import type { SaleType } from '../../domain/orders.ts';
import { decodeStored } from '../collections/persist.ts';
import { DRAFT_KEY, draftFor, draftSchema, type Draft } from './draft.ts';

/** The order being validated; survives the move to /commande-validation and a reload (this browser). */
export const $draft = persistentAtom<Draft | null>(DRAFT_KEY, null, {
  encode: JSON.stringify,
  decode: (text) => decodeStored((raw) => draftSchema.safeParse(raw).data ?? null, text, null),
});

/** The draft of `type`, if there is one recent enough to confirm. */
export function currentDraft(type: SaleType, now = new Date()): Draft | null {
  return draftFor($draft.get(), type, now);
}
