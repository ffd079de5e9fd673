/** How long an order holds stock before it is paid or confirmed (§4 "Order", §9): nobody holds stock they will not pay for. */
import type { OrderState, PaymentMode, PaymentStatus, SaleType } from './orders.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The hold rules: an online order is paid within 30 minutes (an open checkout session may stretch that to 60); a cash order
 * is confirmed by the retailer within 24 hours (a guest's booking) or 72 hours (a customer's); a credit order (§6) is
 * approved by both the shop and the parent account within 7 days, else it is cancelled and its member told.
 */
export const HOLDS = {
  onlineMs: 30 * MINUTE,
  onlineMaxMs: 60 * MINUTE,
  guestCashMs: 24 * HOUR,
  accountCashMs: 72 * HOUR,
  creditApprovalMs: 7 * DAY,
} as const;

/** The order fields the hold rule reads. */
export interface HeldOrder {
  /** A credit order waits for its two approvals (src/domain/credit-approval.ts), not for cash. */
  typeSale: SaleType;
  stockTaken: boolean;
  guest: boolean;
  paymentMode: PaymentMode;
  paymentStatus: PaymentStatus;
  state: OrderState;
  createdAt: Date;
}

/**
 * When the stock of an order stops being held: null when it holds none (a pre-order), or no longer waits (paid, confirmed
 * by the retailer, or ended). `sessionEnds` is the end of a checkout session opened for it, which the hold covers up to its cap.
 */
export function holdEnd(o: HeldOrder, sessionEnds?: Date | null): Date | null {
  if (!o.stockTaken || o.state !== 'sale' || o.paymentStatus === 'paid') return null;
  const created = o.createdAt.getTime();
  if (o.typeSale === 'creditorder') return new Date(created + HOLDS.creditApprovalMs);
  if (o.paymentMode === 'online') {
    const stretched = Math.max(created + HOLDS.onlineMs, sessionEnds?.getTime() ?? 0);
    return new Date(Math.min(stretched, created + HOLDS.onlineMaxMs));
  }
  return new Date(created + (o.guest ? HOLDS.guestCashMs : HOLDS.accountCashMs));
}

/** The hold after a change to a held order (a payment mode switched, a checkout session opened): never shorter than it was while the order still waits. */
export function holdAfterChange(o: HeldOrder, current: Date | null, sessionEnds?: Date | null): Date | null {
  const end = holdEnd(o, sessionEnds);
  if (!end) return null;
  return current && current > end ? current : end;
}

/** Why an order's hold ended, as the shopper and the back office read it. */
const holdEndLabels = {
  online: 'le paiement en ligne n’a pas été reçu à temps',
  cash: 'la commande n’a pas été confirmée à temps',
  credit: 'la commande à crédit n’a pas été validée à temps par la boutique et votre compte parent',
} as const;

/** The wording of an ended hold for an order paid this way (a credit order: its approvals). */
export const holdEndReason = (mode: PaymentMode, typeSale?: SaleType): string =>
  holdEndLabels[typeSale === 'creditorder' ? 'credit' : mode === 'online' ? 'online' : 'cash'];

/** How long a hold lasts, in French words ("30 minutes", "24 heures"), for messages and screens. */
export function holdSpan(o: Pick<HeldOrder, 'guest' | 'paymentMode'> & { typeSale?: SaleType }): string {
  if (o.typeSale === 'creditorder') return `${HOLDS.creditApprovalMs / DAY} jours`;
  if (o.paymentMode === 'online') return `${HOLDS.onlineMs / MINUTE} minutes`;
  return `${(o.guest ? HOLDS.guestCashMs : HOLDS.accountCashMs) / HOUR} heures`;
}
