/** The online payment providers a shopper chooses between (§2 `/payment-state`): their names, without a validator, so any screen may name them. */

/** The online payment providers a shopper can choose (§2 `/payment-state`). */
export const paymentProviders = ['wave', 'orange'] as const;
export type PaymentProviderChoice = (typeof paymentProviders)[number];

/** How the storefront names each provider (§2 `/payment-state`). */
export const providerLabels: Readonly<Record<PaymentProviderChoice, string>> = { wave: 'Wave', orange: 'Orange Money' };

/** The provider a shopper may switch to from `p`. */
export const otherProvider = (p: PaymentProviderChoice): PaymentProviderChoice => (p === 'wave' ? 'orange' : 'wave');

/** A provider read from a form or storage (`wave` or `orange`), else null. */
export const providerOf = (value: unknown): PaymentProviderChoice | null => paymentProviders.find((p) => p === value) ?? null;
