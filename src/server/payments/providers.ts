/** The shop's two online payment providers (§2 `/payment-state`): Wave and Orange Money, each real, demonstration, or none. */
import type { PaymentMethods } from '../../domain/payment-methods.ts';
import type { PaymentMethod, PaymentProvider } from './provider.ts';

/** What the app holds: Wave in `provider`, Orange Money in `orange` (unset: none). */
export interface Payments {
  provider: PaymentProvider | null;
  orange?: PaymentProvider | null;
}

/** Every provider the shop has, Wave first. */
export function allProviders(p: Payments | undefined): PaymentProvider[] {
  return [p?.provider, p?.orange].filter((x): x is PaymentProvider => !!x);
}

/** The provider serving `method`; null when that one is off. */
export function providerFor(p: Payments | undefined, method: PaymentMethod): PaymentProvider | null {
  return (method === 'orange' ? p?.orange : p?.provider) ?? null;
}

/** `GET /api/paiement/moyens` (§2 'En ligne'): the providers that take money, Wave first, and those that are the demonstration one. */
export function paymentMethods(p: Payments | undefined): PaymentMethods {
  const on = allProviders(p);
  return { providers: on.map((x) => x.method), demo: on.filter((x) => x.name.startsWith('demo')).map((x) => x.method) };
}
