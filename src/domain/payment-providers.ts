/** The online payment providers a shopper chooses between (§2 `/payment-state`): their names, without a validator, so any screen may name them. */

/** The online payment providers a shopper can choose (§2 `/payment-state`). */
export const paymentProviders = ['wave', 'orange'] as const;
export type PaymentProviderChoice = (typeof paymentProviders)[number];

/** How the storefront names each provider (§2 `/payment-state`). */
export const providerLabels: Readonly<Record<PaymentProviderChoice, string>> = { wave: 'Wave', orange: 'Orange Money' };

/** A provider read from a form or storage (`wave` or `orange`), else null. */
export const providerOf = (value: unknown): PaymentProviderChoice | null => paymentProviders.find((p) => p === value) ?? null;

/** How a provider takes money on this shop: with its own settings, as the demonstration provider, or not at all. */
export type ProviderMode = 'real' | 'demo' | 'off';

/**
 * The settings that decide the providers (§2 'En ligne'), as the validated configuration holds them: each provider's
 * keys, and whether the demonstration provider stands in for one without them.
 */
export interface ProviderSettings {
  WAVE_API_KEY?: string | undefined;
  ORANGE_MONEY_CLIENT_ID?: string | undefined;
  ORANGE_MONEY_CLIENT_SECRET?: string | undefined;
  ORANGE_MONEY_MERCHANT_KEY?: string | undefined;
  DEMO_PAYMENTS: boolean;
}

/** §2 'En ligne': each provider is real when its keys are set, else the demonstration one where allowed, else off. */
export function providerModes(s: ProviderSettings): Record<PaymentProviderChoice, ProviderMode> {
  const fallback: ProviderMode = s.DEMO_PAYMENTS ? 'demo' : 'off';
  const orangeKeys = !!(s.ORANGE_MONEY_CLIENT_ID && s.ORANGE_MONEY_CLIENT_SECRET && s.ORANGE_MONEY_MERCHANT_KEY);
  return { wave: s.WAVE_API_KEY ? 'real' : fallback, orange: orangeKeys ? 'real' : fallback };
}

/** The providers that take money under these settings, Wave first (what the storefront offers and advertises). */
export const providersOn = (s: ProviderSettings): PaymentProviderChoice[] => paymentProviders.filter((p) => providerModes(s)[p] !== 'off');

/** The provider to pay with among those `offered`: the one `wanted` when offered, else the first offered; null when none is. */
export function offeredProvider(wanted: unknown, offered: readonly PaymentProviderChoice[]): PaymentProviderChoice | null {
  return offered.find((p) => p === wanted) ?? offered[0] ?? null;
}

/** The providers named in `list` (a comma-separated build setting, or an API answer), in the shop's order; unknown names are dropped. */
export function providersIn(list: readonly unknown[]): PaymentProviderChoice[] {
  return paymentProviders.filter((p) => list.includes(p));
}

/** How a sentence names the providers offered: « Wave », « Wave ou Orange Money ». */
export const providersText = (offered: readonly PaymentProviderChoice[]): string => offered.map((p) => providerLabels[p]).join(' ou ');
