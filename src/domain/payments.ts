/** The one payment state machine (§2 `/payment-state`, §4 "Order"): which payment status may follow which, and who may move it. */
import { paymentStatusLabels, type OrderState, type PaymentStatus } from './orders.ts';

/** Who moves a payment: the shopper (pay now, pay on delivery), the provider (its signed word), an admin, or the shop itself (a cancellation, a hold that ended). */
export type PaymentActor = 'shopper' | 'provider' | 'admin' | 'system';

type Moves = Partial<Record<PaymentStatus, readonly PaymentStatus[]>>;

/** Every allowed move, by actor; anything absent is refused. */
const MOVES: Readonly<Record<PaymentActor, Moves>> = {
  // 'Payer maintenant' (to pending) and 'Payer à la livraison' (to unpaid), while no money has arrived.
  shopper: {
    unpaid: ['pending'],
    pending: ['unpaid'],
    failed: ['pending', 'unpaid'],
    cancelled: ['pending', 'unpaid'],
  },
  // The provider's word on the latest attempt: money arrived (owed back when the order is cancelled), a payment was refused, or the session expired unpaid.
  provider: {
    pending: ['paid', 'failed', 'cancelled', 'refund_due'],
    failed: ['paid', 'cancelled', 'refund_due'],
    cancelled: ['paid', 'refund_due'],
    unpaid: ['paid', 'refund_due'],
  },
  // Cash received on delivery, a provider's answer read by hand, a switch to cash agreed by phone, a payment undone
  // (with a reason), money received for a cancelled order (with a reason), a refund made.
  admin: {
    unpaid: ['paid'],
    pending: ['paid', 'unpaid'],
    failed: ['paid', 'unpaid'],
    cancelled: ['paid', 'unpaid', 'refund_due'],
    paid: ['unpaid'],
    refund_due: ['refunded'],
  },
  // An order cancelled (by its shopper, the retailer, or a hold that ended): money not yet received is no longer
  // expected, money received is owed back.
  system: {
    unpaid: ['cancelled'],
    pending: ['cancelled'],
    failed: ['cancelled'],
    paid: ['refund_due'],
  },
};

/** The order a payment move is about (for a cancellation: the state it is moving to). */
export interface PaymentContext {
  state: OrderState;
}

/** An admin move that needs a written reason in the audit log: undoing a payment, or money recorded for a cancelled order. */
export function needsReason(from: PaymentStatus, to: PaymentStatus): boolean {
  return from === 'paid' || to === 'refund_due';
}

/** Why `actor` may not move a payment from `from` to `to` (French); null when the move is allowed. */
export function paymentMoveRefusal(
  actor: PaymentActor,
  from: PaymentStatus,
  to: PaymentStatus,
  order: PaymentContext,
  reason?: string | null,
): string | null {
  const now = paymentStatusLabels[from];
  if (from === to) return `Le paiement est déjà « ${now} ».`;
  // Money for a cancelled order is owed back: it never makes the order paid.
  if (to === 'paid' && order.state === 'cancel')
    return 'La commande est annulée : un paiement reçu pour elle est « À rembourser », pas « Paiement reçu ».';
  if (to === 'refund_due' && order.state !== 'cancel') return 'Seul le paiement d’une commande annulée peut être « À rembourser ».';
  if (to === 'unpaid' && order.state === 'cancel') return 'La commande est annulée : il n’y a plus rien à payer à la livraison.';
  if (!(MOVES[actor][from] ?? []).includes(to))
    return `Le paiement est « ${now} » : il ne peut pas passer à « ${paymentStatusLabels[to]} ».`;
  if (actor === 'admin' && needsReason(from, to) && !reason?.trim())
    return `Indiquez la raison du passage de « ${now} » à « ${paymentStatusLabels[to]} » : elle est gardée dans le journal.`;
  return null;
}

/** The payment status an order takes when it is cancelled; the same status when nothing changes (already cancelled, owed back or refunded). */
export function paymentOnCancel(from: PaymentStatus): PaymentStatus {
  return MOVES.system[from]?.[0] ?? from;
}

/** What money from the provider makes of an order: paid, or owed back when the order is cancelled; null when it is paid already (the extra payment is flagged on its session). */
export function paymentOnMoney(from: PaymentStatus, order: PaymentContext): PaymentStatus | null {
  if (from === 'paid' || from === 'refund_due' || from === 'refunded') return null;
  return order.state === 'cancel' ? 'refund_due' : 'paid';
}

/** The statuses an admin may choose from `from` (the back office's payment menu). */
export function adminPaymentChoices(from: PaymentStatus, order: PaymentContext): PaymentStatus[] {
  return (MOVES.admin[from] ?? []).filter((to) => paymentMoveRefusal('admin', from, to, order, 'x') === null);
}
