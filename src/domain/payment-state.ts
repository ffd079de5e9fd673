/**
 * Answer of `GET /api/paiement/{reference}` and of its 'Payer à la livraison' (§2 `/payment-state`): where an order's
 * payment stands; `id` only for its owner (or an admin). In zod/mini: the payment screen reads it on arrival.
 */
import * as z from './zod.ts';
import { INSTALMENT_TEXT, MAX_INSTALMENTS, nextInstalment } from './instalment-payments.ts';
import { instalmentLabel } from './schedule.ts';
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

/** An instalment as the payment screen names it: its number, label ('Première tranche (30 %)', 'Mensualité 2 sur 6'), amount and due day. */
export const paymentInstalmentSchema = z.object({
  number: z.int(),
  label: z.string(),
  amount: z.int(),
  /** The day it falls due; null for a pre-order's last tranche, paid at delivery. */
  due_on: z._default(z.nullable(z.string()), null),
});
export type PaymentInstalment = z.infer<typeof paymentInstalmentSchema>;

/**
 * §4, §6: how far a pre-order or a credit order is paid, one instalment at a time — the one 'Payer maintenant' pays
 * (the next unpaid one; null once all are paid), the last one paid, and the sums paid and left (whole francs).
 */
export const instalmentProgressSchema = z.object({
  next: z._default(z.nullable(paymentInstalmentSchema), null),
  last_paid: z._default(z.nullable(paymentInstalmentSchema), null),
  count: z.int(),
  paid_count: z.int(),
  amount_paid: z.int(),
  amount_left: z.int(),
});
export type InstalmentProgress = z.infer<typeof instalmentProgressSchema>;

/** §4, §6: the progress of an order's instalments (`months`: a credit order's, null for a pre-order), as the payment screen reads it. */
export function instalmentProgress(
  lines: readonly { number: number; percent: number | null; amount: number; state: 'due' | 'paid'; due_on: string | null }[],
  months: number | null,
): InstalmentProgress {
  const named = (l: (typeof lines)[number] | null | undefined): PaymentInstalment | null =>
    l ? { number: l.number, label: instalmentLabel(l, months), amount: l.amount, due_on: l.due_on } : null;
  const paid = lines.filter((l) => l.state === 'paid');
  const sum = (ls: readonly { amount: number }[]) => ls.reduce((a, l) => a + l.amount, 0);
  return {
    next: named(nextInstalment(lines)),
    last_paid: named([...paid].sort((a, b) => b.number - a.number)[0]),
    count: lines.length,
    paid_count: paid.length,
    amount_paid: sum(paid),
    amount_left: sum(lines.filter((l) => l.state !== 'paid')),
  };
}

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
  /** For a pre-order or a credit order, paid one instalment at a time (§4, §6); null (or absent, older answers) otherwise. */
  instalments: z.optional(z.nullable(instalmentProgressSchema)),
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
