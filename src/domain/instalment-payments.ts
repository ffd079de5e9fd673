/**
 * §4 and §6: paying a pre-order or a credit order one instalment at a time. An online payment pays ONE instalment, the
 * next unpaid one (lowest number), for that instalment's amount; instalments are paid in order; the order is paid when
 * its last instalment is; money for an instalment already paid (or for a cancelled order) is owed back.
 * A pre-order's tranches can be paid from the day it is placed; a credit order's once the shop and its parent account
 * have approved it (state `confirmed` or later).
 */
import type { OrderState, PaymentStatus, SaleType } from './orders.ts';
import { paymentMoveRefusal, paymentOnCancel, paymentOnMoney } from './payments.ts';
import { instalmentStanding, type InstalmentStanding } from './schedule.ts';

/** How an instalment was paid: online (`wave`, `orange`) or recorded by an admin (`cash`, `payroll` deduction through the parent account). */
export const instalmentVias = ['wave', 'orange', 'cash', 'payroll'] as const;
export type InstalmentVia = (typeof instalmentVias)[number];

/** What an admin may record: cash received, or a payroll deduction through the parent account. */
export const adminVias = ['cash', 'payroll'] as const;

/** How each way of paying reads in French. */
export const viaLabels: Readonly<Record<InstalmentVia, string>> = {
  wave: 'Wave',
  orange: 'Orange Money',
  cash: 'espèces',
  payroll: 'prélèvement sur salaire',
};

/** The most instalments an order has (a credit over 24 months). */
export const MAX_INSTALMENTS = 24;

/** The French answers about paying instalments. */
export const INSTALMENT_TEXT = {
  cancelled: 'Cette commande est annulée : ses échéances ne se paient plus.',
  awaitingApproval:
    'Ce crédit attend encore l’accord de la boutique et de votre compte parent : ses mensualités se paieront une fois la commande confirmée.',
  allPaid: 'Toutes les échéances de cette commande sont déjà payées.',
  alreadyPaid: 'Cette échéance est déjà payée.',
  notInstalments: 'Cette commande se paie en une fois : elle n’a pas d’échéances.',
  onlineUndo: 'Cette échéance a été payée en ligne : son paiement ne s’annule pas ici (un remboursement se fait auprès du prestataire).',
  number: `Le numéro d’échéance est un nombre entier de 1 à ${MAX_INSTALMENTS}.`,
} as const;

/** Whether an order is paid by instalments: a pre-order (three tranches) or a credit order (monthly instalments). */
export const paysByInstalments = (typeSale: SaleType): boolean => typeSale === 'preorder' || typeSale === 'creditorder';

/** The order fields the instalment rules read. */
export interface InstalmentOrder {
  type_sale: SaleType;
  state: OrderState;
}

/** One instalment as the rules read it. */
export interface InstalmentLine {
  number: number;
  amount: number;
  state: 'due' | 'paid';
}

/** Why no instalment of an order can be paid now (French); null when they can. */
export function instalmentsRefusal(o: InstalmentOrder): string | null {
  if (!paysByInstalments(o.type_sale)) return INSTALMENT_TEXT.notInstalments;
  if (o.state === 'cancel') return INSTALMENT_TEXT.cancelled;
  if (o.type_sale === 'creditorder' && o.state === 'sale') return INSTALMENT_TEXT.awaitingApproval;
  return null;
}

/** The next instalment to pay: the lowest-numbered unpaid one; null when all are paid. */
export function nextInstalment<T extends InstalmentLine>(lines: readonly T[]): T | null {
  return [...lines].sort((a, b) => a.number - b.number).find((l) => l.state === 'due') ?? null;
}

/** What an online payment of an order pays, or why it cannot (with the HTTP status the API answers). */
export type InstalmentChoice = { ok: true; number: number; amount: number } | { ok: false; status: 404 | 409; message: string };

/** The instalment an online payment pays: `wanted` when given (it must be the next unpaid one), else the next unpaid one. */
export function instalmentToPay(o: InstalmentOrder, lines: readonly InstalmentLine[], wanted?: number): InstalmentChoice {
  const refusal = instalmentsRefusal(o);
  if (refusal) return { ok: false, status: 409, message: refusal };
  const next = nextInstalment(lines);
  if (wanted !== undefined) {
    const line = lines.find((l) => l.number === wanted);
    if (!line) return { ok: false, status: 404, message: `Cette commande n’a pas d’échéance ${wanted}.` };
    if (line.state === 'paid') return { ok: false, status: 409, message: INSTALMENT_TEXT.alreadyPaid };
    if (next && next.number !== wanted)
      return { ok: false, status: 409, message: `Les échéances se paient dans l’ordre : payez d’abord l’échéance ${next.number}.` };
  }
  if (!next) return { ok: false, status: 409, message: INSTALMENT_TEXT.allPaid };
  return { ok: true, number: next.number, amount: next.amount };
}

/**
 * What money received online for instalment `number` does: `paid` marks it paid (and the order paid, `order`, when it was
 * the last unpaid one); `refund` keeps the money on its session to be given back (the instalment was paid already, or
 * the order is cancelled: then `order` is `refund_due` as for an order paid twice).
 */
export function instalmentOnMoney(
  o: { state: OrderState; payment_status: PaymentStatus },
  lines: readonly InstalmentLine[],
  number: number,
): { outcome: 'paid' | 'refund'; order: PaymentStatus | null } {
  const line = lines.find((l) => l.number === number);
  if (o.state === 'cancel') return { outcome: 'refund', order: paymentOnMoney(o.payment_status, o) };
  if (!line || line.state === 'paid') return { outcome: 'refund', order: null };
  const last = lines.every((l) => l.number === number || l.state === 'paid');
  return { outcome: 'paid', order: last ? orderPaidMove('provider', o) : null };
}

/**
 * The payment status of a pre-order or credit order cancelled with `paidInstalments` instalments already paid: the money
 * received is owed back (« À rembourser »), as for an order paid in one go; otherwise as any cancelled order.
 */
export function paymentOnCancelWithInstalments(from: PaymentStatus, paidInstalments: number): PaymentStatus {
  if (paidInstalments > 0 && from !== 'refund_due' && from !== 'refunded') return 'refund_due';
  return paymentOnCancel(from);
}

/** `paid` when the payment machine lets `actor` mark the order paid now (its last instalment just paid); else null. */
function orderPaidMove(actor: 'provider' | 'admin', o: { state: OrderState; payment_status: PaymentStatus }): PaymentStatus | null {
  return paymentMoveRefusal(actor, o.payment_status, 'paid', o, 'x') === null ? 'paid' : null;
}

/**
 * What an admin's record of instalment `number` does: `same` (nothing to write), `write` (with the order's payment status
 * that follows: paid once every instalment is, unpaid again when a paid order loses one), or a French refusal.
 */
export function adminTrancheMove(
  o: { state: OrderState; payment_status: PaymentStatus },
  lines: readonly (InstalmentLine & { paid_via: InstalmentVia | null })[],
  number: number,
  to: 'due' | 'paid',
): { kind: 'same' } | { kind: 'write'; order: PaymentStatus | null } | { kind: 'refused'; status: 404 | 409; message: string } {
  const line = lines.find((l) => l.number === number);
  if (!line) return { kind: 'refused', status: 404, message: `Cette commande n’a pas de tranche ${number}.` };
  if (line.state === to) return { kind: 'same' };
  if (to === 'due') {
    if (line.paid_via === 'wave' || line.paid_via === 'orange')
      return { kind: 'refused', status: 409, message: INSTALMENT_TEXT.onlineUndo };
    return { kind: 'write', order: o.payment_status === 'paid' && o.state !== 'cancel' ? 'unpaid' : null };
  }
  const last = lines.every((l) => l.number === number || l.state === 'paid');
  return { kind: 'write', order: last ? orderPaidMove('admin', o) : null };
}

/** What the member owes, summed: next due date and amount, paid, overdue (whole francs); decoded by instalment-payments.schema.ts. */
export interface InstalmentSummary {
  next_due_on: string | null;
  next_amount: number | null;
  total_paid: number;
  total_overdue: number;
  total_due: number;
}

/** The standing of each instalment on `today` and whether it can be paid now: the next unpaid one of an order open to payment. */
export function instalmentRows<T extends InstalmentLine & { due_on: string | null }>(
  o: InstalmentOrder,
  lines: readonly T[],
  today: string,
): (T & { standing: InstalmentStanding; payable: boolean })[] {
  const next = instalmentsRefusal(o) === null ? nextInstalment(lines) : null;
  return [...lines]
    .sort((a, b) => a.number - b.number)
    .map((l) => ({ ...l, standing: instalmentStanding(l, today), payable: next?.number === l.number }));
}

/**
 * The sums of « Mes échéances »: paid, overdue, still due (overdue included), and the next instalment to pay (the
 * earliest dated unpaid one, else the first undated one — a tranche due at delivery).
 */
export function instalmentSummary(
  rows: readonly { amount: number; due_on: string | null; standing: InstalmentStanding }[],
): InstalmentSummary {
  const sum = (s: InstalmentStanding[]) => rows.filter((r) => s.includes(r.standing)).reduce((a, r) => a + r.amount, 0);
  const unpaid = rows.filter((r) => r.standing !== 'paid');
  const next =
    [...unpaid].filter((r) => r.due_on !== null).sort((a, b) => (a.due_on! < b.due_on! ? -1 : a.due_on! > b.due_on! ? 1 : 0))[0] ??
    unpaid[0] ??
    null;
  return {
    next_due_on: next?.due_on ?? null,
    next_amount: next?.amount ?? null,
    total_paid: sum(['paid']),
    total_overdue: sum(['overdue']),
    total_due: sum(['due', 'overdue']),
  };
}
