/** Order rules of spec §3 "Order payload" and §4 "Order": states and moves, references, which products a sale type takes, line prices. */
import { unitPrice, type CollectionKind } from './collections.ts';
import { preorderRefusal } from './preorder.ts';
import { preorderTranches, TRANCHE_PERCENTS } from './pricing.ts';

/** An order's life: received (`sale`, §4), confirmed by the shop, shipped, delivered; or cancelled. */
export const orderStates = ['sale', 'confirmed', 'shipped', 'delivered', 'cancel'] as const;
export type OrderState = (typeof orderStates)[number];

/** What the shopper and the back office read for each state. */
export const stateLabels: Readonly<Record<OrderState, string>> = {
  sale: 'Reçue',
  confirmed: 'Confirmée',
  shipped: 'Expédiée',
  delivered: 'Livrée',
  cancel: 'Annulée',
};

/** Who or what cancelled an order: its shopper, the retailer, the end of its hold (src/domain/holds.ts), or the parent account refusing a credit order (§6). */
export const cancelReasons = ['shopper', 'retailer', 'hold_expired', 'parent'] as const;
export type CancelReason = (typeof cancelReasons)[number];

/** What the shopper and the back office read for each cancellation. */
export const cancelReasonLabels: Readonly<Record<CancelReason, string>> = {
  shopper: 'Annulée par le client',
  retailer: 'Annulée par la boutique',
  hold_expired: 'Annulée : délai de paiement ou de confirmation dépassé, articles remis en vente',
  parent: 'Refusée par le compte parent',
};

/** The one state machine: where each state may go next. */
const moves: Readonly<Record<OrderState, readonly OrderState[]>> = {
  sale: ['confirmed', 'cancel'],
  confirmed: ['shipped', 'cancel'],
  shipped: ['delivered'],
  delivered: [],
  cancel: [],
};

/** §4: the states an order may go to from `from`. */
export function nextStates(from: OrderState): readonly OrderState[] {
  return moves[from];
}

/** §4: whether an order in `from` may move to `to`. */
export function canMove(from: OrderState, to: OrderState): boolean {
  return moves[from].includes(to);
}

/** §4: the French reason a move is refused, naming the current state; null when the move is allowed. */
export function moveRefusal(from: OrderState, to: OrderState): string | null {
  if (canMove(from, to)) return null;
  const now = stateLabels[from];
  if (from === to) return `La commande est déjà « ${now} ».`;
  if (to === 'cancel') return `La commande est « ${now} » : elle ne peut plus être annulée.`;
  return `La commande est « ${now} » : elle ne peut pas passer à « ${stateLabels[to]} ».`;
}

/** §4 "Order": only a cancelled order may be removed from the shopper's list; the French reason otherwise. */
export function hideRefusal(state: OrderState): string | null {
  return state === 'cancel'
    ? null
    : `La commande est « ${stateLabels[state]} » : seule une commande annulée peut être retirée de la liste.`;
}

/** Whether the shopper may still cancel (the detail screens show 'Annuler la commande' then). */
export const isCancellable = (state: OrderState) => canMove(state, 'cancel');

/** §3 `type_sale`: a cart order, a pre-order or a credit order. */
export const saleTypes = ['order', 'preorder', 'creditorder'] as const;
export type SaleType = (typeof saleTypes)[number];

/** §3 `payment_mode`: on delivery or online. */
export const paymentModes = ['domicile', 'online'] as const;
export type PaymentMode = (typeof paymentModes)[number];

/** Where the money stands: to pay on delivery, awaiting the online provider, paid, failed, cancelled, owed back or refunded (moves: payments.ts). */
export const paymentStatuses = ['unpaid', 'pending', 'paid', 'failed', 'cancelled', 'refund_due', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** What the shopper reads for each payment status. */
export const paymentStatusLabels: Readonly<Record<PaymentStatus, string>> = {
  unpaid: 'À payer à la livraison',
  pending: 'Paiement en attente',
  paid: 'Paiement reçu',
  failed: 'Paiement échoué',
  cancelled: 'Paiement annulé',
  refund_due: 'À rembourser',
  refunded: 'Remboursé',
};

/** A new order's payment status: online orders await the provider, the others are paid on delivery. */
export const initialPaymentStatus = (mode: PaymentMode): PaymentStatus => (mode === 'online' ? 'pending' : 'unpaid');

/** An 'En ligne' order the shopper can still pay (§2 `/payment-state`): no money received yet and not cancelled. */
export const awaitsOnlinePayment = (o: { payment_mode: PaymentMode; payment_status: PaymentStatus; state: OrderState }): boolean =>
  o.payment_mode === 'online' && ['pending', 'failed', 'cancelled'].includes(o.payment_status) && o.state !== 'cancel';

/** What the shopper reads for each payment mode (§2 "Pack cart"). */
export const paymentModeLabels: Readonly<Record<PaymentMode, string>> = { domicile: 'A domicile', online: 'En ligne' };

/** The collection whose price rule a sale type follows (§4 "Pricing"). */
export const saleKinds: Readonly<Record<SaleType, CollectionKind>> = { order: 'cart', preorder: 'preorder', creditorder: 'creditOrder' };

/** The product fields the order rules read. */
export interface OrderableProduct {
  name: string;
  list_price: number;
  en_promo: boolean;
  promo_price: number | null;
  preorder_price: number | null;
  is_creditorder: boolean;
  creditorder_price: number | null;
  sale_ok: boolean;
  /** Units in stock: a product in stock is not pre-ordered (preorder.ts). */
  quantity: number;
}

/** Why a product cannot be ordered with this sale type (French, naming it); null when it can. */
export function productRefusal(type: SaleType, p: OrderableProduct): string | null {
  if (!p.sale_ok) return `Le produit « ${p.name} » n’est plus en vente.`;
  if (type === 'preorder') return preorderRefusal(p);
  if (type === 'creditorder' && !p.is_creditorder) return `Le produit « ${p.name} » ne peut pas être commandé à crédit.`;
  return null;
}

/** §4 "Pricing": the unit price of a product in an order of this sale type (the same rule as the collections). */
export function orderUnitPrice(type: SaleType, p: OrderableProduct): number {
  return unitPrice(saleKinds[type], p);
}

/** A priced order line as stored and answered. */
export interface PricedLine {
  product_id: number;
  name: string;
  quantity: number;
  price_unit: number;
  price_subtotal: number;
}

/** Prices lines from unit prices the server chose; the total is whole francs, the sum of the subtotals. */
export function priceLines(lines: readonly Omit<PricedLine, 'price_subtotal'>[]): { order_lines: PricedLine[]; amount_total: number } {
  const order_lines = lines.map((l) => ({ ...l, price_subtotal: l.price_unit * l.quantity }));
  return { order_lines, amount_total: order_lines.reduce((sum, l) => sum + l.price_subtotal, 0) };
}

/** §4 and §9: a pre-order's three tranches (30 %, 30 %, 40 %) as stored, each due until paid. */
export function trancheRows(total: number): Array<{ number: 1 | 2 | 3; percent: number; amount: number }> {
  const amounts = preorderTranches(total);
  return TRANCHE_PERCENTS.map((percent, i) => ({ number: (i + 1) as 1 | 2 | 3, percent, amount: amounts[i]! }));
}

/** Letters of a reference: no 0/O, 1/I/L, so it can be read over the phone. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERENCE_LENGTH = 8;

/** An order reference, e.g. `BQ-7K3F9QMA`: 8 random letters, about 10^12 possibilities, never counted. */
export function referenceFromBytes(bytes: Uint8Array): string {
  if (bytes.length < REFERENCE_LENGTH) throw new RangeError('referenceFromBytes: 8 octets au moins');
  let out = 'BQ-';
  // 31 letters: a byte mod 31 is nearly uniform (256 = 8×31 + 8), and the reference is also never the only key.
  for (let i = 0; i < REFERENCE_LENGTH; i++) out += REFERENCE_ALPHABET[bytes[i]! % REFERENCE_ALPHABET.length];
  return out;
}

/** A reference as a shopper may type it (spaces, lower case, no `BQ-`), written the way it is stored; null when it cannot be one. */
export function normalizeReference(input: string): string | null {
  const typed = input.toUpperCase().replace(/[\s-]/g, '');
  const bare = typed.length === REFERENCE_LENGTH + 2 && typed.startsWith('BQ') ? typed.slice(2) : typed;
  if (bare.length !== REFERENCE_LENGTH || [...bare].some((ch) => !REFERENCE_ALPHABET.includes(ch))) return null;
  return `BQ-${bare}`;
}

/** A step of an order's timeline, as the detail and tracking screens draw it. */
export interface TimelineStep {
  state: OrderState;
  label: string;
  at: string | null;
  status: 'done' | 'current' | 'upcoming';
}

/** §4: the steps an order went through and those still ahead (a cancelled order ends at 'Annulée'). */
export function orderTimeline(o: {
  state: OrderState;
  date_order: string;
  dates: { confirmed: string | null; shipped: string | null; delivered: string | null; cancelled: string | null };
}): TimelineStep[] {
  const at: Record<OrderState, string | null> = {
    sale: o.date_order,
    confirmed: o.dates.confirmed,
    shipped: o.dates.shipped,
    delivered: o.dates.delivered,
    cancel: o.dates.cancelled,
  };
  const path: OrderState[] =
    o.state === 'cancel'
      ? [...(['sale', 'confirmed', 'shipped'] as const).filter((s) => s === 'sale' || at[s]), 'cancel']
      : ['sale', 'confirmed', 'shipped', 'delivered'];
  const reached = path.indexOf(o.state);
  return path.map((state, i) => ({
    state,
    label: stateLabels[state],
    at: i <= reached ? at[state] : null,
    status: i < reached ? 'done' : i === reached ? 'current' : 'upcoming',
  }));
}

/** §2 protected routes: where an order's details are shown, by sale type. */
export function orderDetailsPath(type: SaleType, id: number): string {
  const base = type === 'preorder' ? '/pre-commandes' : type === 'creditorder' ? '/credit-commandes' : '/commandes';
  return `${base}/${id}/détails`;
}

/** §2 `/payment-state`: the screen that tells where the payment of `reference` stands. */
export const paymentStatePath = (reference: string) => `/payment-state?ref=${encodeURIComponent(reference)}`;

/** The sale type a `?type=` query names; a cart order when it names none. */
export function saleTypeParam(raw: string | null): SaleType {
  return (saleTypes as readonly string[]).includes(raw ?? '') ? (raw as SaleType) : 'order';
}
