/**
 * The checkout draft as this browser keeps it (§2 `/checkout` → `/commande-validation`, §3 "Browser storage": key
 * `checkout`), decoded by hand: the validation screen draws it before React and zod load (order-preview.ts).
 */
import { orderLineView, orderSumView, type OrderLineView, type OrderSumView } from '../../components/ui/order-lines-view.ts';
import { paymentModeLabels, paymentModes, saleTypes, trancheRows, type PaymentMode, type SaleType } from '../../domain/orders.ts';

/** The browser storage key of the draft. */
export const DRAFT_KEY = 'checkout';

/** How long a draft's prices may be confirmed without being read again. */
export const DRAFT_MINUTES = 60;

/** A priced line of the draft, as the validation screen shows it. */
export interface DraftLine { product_id: number; name: string; quantity: number; price_unit: number; price_subtotal: number; image: string | null }

/** The order being validated: the quoted lines, the delivery details and the attempt's key. */
export interface Draft {
  type: SaleType;
  lines: DraftLine[];
  amount_total: number;
  adresse: string;
  telephone: string;
  payment_mode: PaymentMode;
  commitment_date: string;
  /** One `Idempotency-Key` per attempt: kept across retries of this draft, dropped once it made an order. */
  key: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const int = (v: unknown): v is number => Number.isInteger(v);
const str = (v: unknown): v is string => typeof v === 'string';
const oneOf = <T extends string>(list: readonly T[]) => (v: unknown): v is T => (list as readonly unknown[]).includes(v);

function readLine(v: unknown): DraftLine | null {
  if (!isObj(v)) return null;
  const { product_id, name, quantity, price_unit, price_subtotal, image } = v;
  if (!int(product_id) || !str(name) || !int(quantity) || !int(price_unit) || !int(price_subtotal) || !(image === null || str(image))) return null;
  return { product_id, name, quantity, price_unit, price_subtotal, image };
}

/** A stored draft, checked field by field (1 to 50 lines); anything else gives null. */
export function readDraft(v: unknown): Draft | null {
  if (!isObj(v) || !Array.isArray(v.lines) || v.lines.length < 1 || v.lines.length > 50) return null;
  const lines = v.lines.map(readLine);
  const { type, amount_total, adresse, telephone, payment_mode, commitment_date, key } = v;
  if (lines.some((l) => !l) || !oneOf(saleTypes)(type) || !int(amount_total) || !str(adresse) || !str(telephone)
    || !oneOf(paymentModes)(payment_mode) || !str(commitment_date) || !str(key)) return null;
  return { type, lines: lines as DraftLine[], amount_total, adresse, telephone, payment_mode, commitment_date, key };
}

/** The draft if it is of `type` and recent enough to confirm, else null. */
export function draftFor(draft: Draft | null, type: SaleType, now = new Date()): Draft | null {
  return draft && draft.type === type && now.getTime() - new Date(draft.commitment_date).getTime() < DRAFT_MINUTES * 60_000 ? draft : null;
}

/** What the validation screen shows of the delivery: address, phone, payment mode and total, as text. */
export interface DeliveryView { adresse: string; telephone: string; mode: string; total: string }

/** The validation screen's view of a draft (§2 `/commande-validation`), for the island and the preview alike. */
export function draftView(d: Draft): { lines: OrderLineView[]; sum: OrderSumView; delivery: DeliveryView } {
  const sum = orderSumView({ amount_total: d.amount_total, tranches: d.type === 'preorder' ? trancheRows(d.amount_total).map((t) => ({ ...t, state: 'due' })) : [] });
  return { lines: d.lines.map(orderLineView), sum, delivery: { adresse: d.adresse, telephone: `+${d.telephone}`, mode: paymentModeLabels[d.payment_mode], total: sum.total } };
}
