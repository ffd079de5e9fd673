/**
 * The checkout draft as this browser keeps it (§2 `/checkout` → `/commande-validation`, §3 "Browser storage": key
 * `checkout`): its one schema, and the validation screen's view of it.
 */
import { orderLineView, orderSumView, type OrderLineView, type OrderSumView } from '../../components/ui/order-lines-view.ts';
import { creditPaymentText } from '../../domain/credit-approval.ts';
import { paymentModeLabels, paymentModes, saleTypes, trancheRows, type SaleType } from '../../domain/orders.ts';
import { creditSchedule, instalmentLabel } from '../../domain/schedule.ts';
import { formatFCFA } from '../../domain/money.ts';
import { paymentProviders, providerLabels } from '../../domain/payment-providers.ts';
import * as z from '../../domain/zod.ts';

/** The browser storage key of the draft. */
export const DRAFT_KEY = 'checkout';

/** How long a draft's prices may be confirmed without being read again. */
const DRAFT_MINUTES = 60;

const int = z.int();
const draftLineSchema = z.object({
  product_id: int,
  name: z.string(),
  quantity: int,
  price_unit: int,
  price_subtotal: int,
  image: z.nullable(z.string()),
});

/**
 * The order being validated: the quoted lines (1 to 50), the delivery details and the attempt's key: one
 * `Idempotency-Key` per attempt, kept across retries of this draft, dropped once it made an order. Unknown fields are dropped.
 */
export const draftSchema = z.object({
  type: z.enum(saleTypes),
  lines: z.array(draftLineSchema).check(z.minLength(1), z.maxLength(50)),
  /** What the shopper pays: the lines less the welcome reduction (src/domain/welcome.ts). */
  amount_total: int,
  welcome_reduction: z._default(int, 0),
  adresse: z.string(),
  telephone: z.string(),
  payment_mode: z.enum(paymentModes),
  /** Who is paid 'En ligne' (Wave when none): the order's payment starts there. */
  payment_provider: z.optional(z.enum(paymentProviders)),
  /** A credit order's months (sent as `credit_months`) and the terms' due day its schedule was shown with (§6). */
  credit: z.optional(z.object({ months: int, dueDay: int })),
  commitment_date: z.string(),
  key: z.string(),
});
export type Draft = z.infer<typeof draftSchema>;

/** The draft if it is of `type` and recent enough to confirm, else null. */
export function draftFor(draft: Draft | null, type: SaleType, now = new Date()): Draft | null {
  return draft && draft.type === type && now.getTime() - new Date(draft.commitment_date).getTime() < DRAFT_MINUTES * 60_000 ? draft : null;
}

/** What the validation screen shows of the delivery: address, phone, payment mode and total, as text. */
export interface DeliveryView {
  adresse: string;
  telephone: string;
  mode: string;
  total: string;
  /** §4: what a pre-order paid online pays now, its first tranche ('Première tranche (30 %) — 119 997 F CFA'); absent otherwise. */
  now?: string;
}

/** The validation screen's view of a draft (§2 `/commande-validation`). */
export function draftView(d: Draft): { lines: OrderLineView[]; sum: OrderSumView; delivery: DeliveryView } {
  // A credit order's schedule as the server will make it (src/domain/schedule.ts), from the day the draft was made.
  const credit = d.type === 'creditorder' ? (d.credit ?? null) : null;
  const sum = orderSumView({
    amount_total: d.amount_total,
    welcome_reduction: d.welcome_reduction,
    credit,
    tranches:
      d.type === 'preorder'
        ? trancheRows(d.amount_total).map((t) => ({ ...t, state: 'due' }))
        : credit
          ? creditSchedule(d.amount_total, credit.months, credit.dueDay, new Date(d.commitment_date)).map((t) => ({ ...t, state: 'due' }))
          : [],
  });
  const first = d.type === 'preorder' && d.payment_mode === 'online' ? trancheRows(d.amount_total)[0] : undefined;
  return {
    lines: d.lines.map(orderLineView),
    sum,
    delivery: {
      adresse: d.adresse,
      telephone: `+${d.telephone}`,
      mode: credit
        ? creditPaymentText(credit.months)
        : d.payment_mode === 'online'
          ? `${paymentModeLabels.online} · ${providerLabels[d.payment_provider ?? 'wave']}`
          : paymentModeLabels[d.payment_mode],
      total: sum.total,
      ...(first ? { now: `${instalmentLabel(first, null)} — ${formatFCFA(first.amount)}` } : {}),
    },
  };
}
