/**
 * Answer of `GET /api/paiement/{reference}` and of its 'Payer à la livraison' (§2 `/payment-state`): where an order's
 * payment stands; `id` only for its owner (or an admin). In zod/mini: the payment screen reads it on arrival.
 */
import * as z from './zod.ts';
import { INSTALMENT_TEXT, MAX_INSTALMENTS } from './instalment-payments.ts';
import { cancelReasons, orderStates, paymentModes, paymentStatuses, saleTypes } from './orders.ts';
import { paymentProviders } from './payment-providers.ts';

export const PROVIDER_REFUSED = 'Choisissez un moyen de paiement en ligne : wave ou orange.';

/**
 * Body of `POST /api/paiement/{reference}/session`: the provider to pay with, Wave when omitted; for a pre-order or a
 * credit order (§4, §6), the instalment to pay, the next unpaid one when omitted.
 */
export const checkoutBodySchema = z.object({
  provider: z.optional(z.enum(paymentProviders, { error: PROVIDER_REFUSED })),
  tranche: z.optional(
    z
      .number({ error: INSTALMENT_TEXT.number })
      .check(z.int(INSTALMENT_TEXT.number), z.minimum(1, INSTALMENT_TEXT.number), z.maximum(MAX_INSTALMENTS, INSTALMENT_TEXT.number)),
  ),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

/** Where an order's payment stands, as the API answers it. */
export const paymentStateSchema = z.object({
  reference: z.string(),
  id: z.nullable(z.int()),
  type_sale: z.enum(saleTypes),
  amount_total: z.int(),
  payment_mode: z.enum(paymentModes),
  payment_status: z.enum(paymentStatuses),
  state: z.enum(orderStates),
  /** Who or what cancelled it, when it is cancelled. */
  cancel_reason: z.nullable(z.enum(cancelReasons)),
  /** When it is cancelled unless paid first (an online order holding stock). */
  hold_until: z.nullable(z.string()),
  /** Whether a checkout session can still be paid (else 'Payer maintenant' opens a new one). */
  checkout_open: z.boolean(),
  /** Which provider the latest payable session uses (`wave` or `orange`); null when none is open. */
  provider: z.optional(z.nullable(z.enum(paymentProviders))),
});
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** §3 `payment`: the order this browser is paying online, its total, its payment token when it has one, and the provider chosen. */
export const paymentEntrySchema = z.object({
  order: z.string().check(z.maxLength(40)),
  totalAmount: z.int(),
  token: z.optional(z.string().check(z.maxLength(64))),
  provider: z.optional(z.enum(paymentProviders)),
});
export type PaymentEntry = z.infer<typeof paymentEntrySchema>;
