/** Answer of `GET /api/paiement/moyens` (§2 'En ligne'): the online providers that take money on this shop now. In zod/mini. */
import * as z from './zod.ts';
import { paymentProviders } from './payment-providers.ts';

/** How long the answer may be kept, in seconds: the providers change only when the shop restarts with other settings. */
export const PAYMENT_METHODS_MAX_AGE = 60;

/** The providers that take money, Wave first, and among them those run by the demonstration provider (no money moves). */
export const paymentMethodsSchema = z.object({
  providers: z.array(z.enum(paymentProviders)),
  demo: z.array(z.enum(paymentProviders)),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;
