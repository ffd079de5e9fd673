/** Each payment provider's own colours (§2 'En ligne', `/payment-state`), so a shopper recognises the app they pay with at a glance. */
import type { PaymentProviderChoice } from '../../domain/payment-providers.ts';

/** Tailwind classes: `mark` for its name drawn as a badge, `card` for its choice card once checked. */
export const PROVIDER_LOOK: Readonly<Record<PaymentProviderChoice, { mark: string; card: string }>> = {
  wave: { mark: 'bg-[#1DC8FF] text-slate-950', card: 'has-checked:border-[#0A9BD0] has-checked:bg-[#1DC8FF]/15' },
  orange: { mark: 'bg-[#FF7900] text-black', card: 'has-checked:border-[#E06A00] has-checked:bg-[#FF7900]/15' },
};
