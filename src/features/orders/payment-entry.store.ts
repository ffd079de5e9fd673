/** §3 browser storage `payment`: the order being paid online, so `/payment-state` finds it even when the provider sends back no reference. */
import { persistentAtom } from '@nanostores/persistent';
import { paymentEntrySchema, type PaymentEntry } from '../../domain/payment-state.ts';
import type { PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { decodeStored } from '../collections/persist.ts';

/** The order this browser is paying (§3 `payment`); anything damaged or foreign reads as none. */
export const $payment = persistentAtom<PaymentEntry | null>('payment', null, {
  encode: JSON.stringify,
  decode: (text) => decodeStored((raw) => paymentEntrySchema.safeParse(raw).data ?? null, text, null),
});

/** The provider this browser chose to pay order `reference` with (§3 `payment`), if it chose one. */
export function rememberedProvider(reference: string): PaymentProviderChoice | undefined {
  const saved = $payment.get();
  return saved?.order === reference ? saved.provider : undefined;
}
