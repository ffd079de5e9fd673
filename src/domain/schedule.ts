/**
 * §6 credit orders and §4 pre-orders: an order's schedule of instalments. Every instalment is whole francs and the
 * instalments add up exactly to the order's total; the remainder of an uneven split goes on the LAST instalment.
 * Dates are days in Dakar (UTC all year), written `YYYY-MM-DD`.
 */
import { formatDate } from './dates.ts';
import { preorderTranches, TRANCHE_PERCENTS, trancheLabel } from './pricing.ts';

/** The retailer's credit terms (back office): the numbers of monthly instalments offered, and the day of the month they fall due. */
export interface CreditTerms {
  months: number[];
  dueDay: number;
}

/** The terms until the retailer sets others: 3, 6 or 10 months, due on the 5th. */
export const DEFAULT_CREDIT_TERMS: CreditTerms = { months: [3, 6, 10], dueDay: 5 };

/** Splits `total` francs into `count` whole-franc instalments: equal, the remainder (fewer francs than `count`) on the last. */
export function splitInstalments(total: number, count: number): number[] {
  if (!Number.isInteger(total) || total < 0 || !Number.isInteger(count) || count < 1) {
    throw new RangeError(`splitInstalments: ${total} en ${count}`);
  }
  const base = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => (i === count - 1 ? total - base * (count - 1) : base));
}

/** The day `date` in Dakar, as `YYYY-MM-DD`. */
export const dakarDay = (date: Date): string => date.toISOString().slice(0, 10);

/** `day` (`YYYY-MM-DD`) moved by `days` days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return dakarDay(d);
}

/** The `dueDay` of the month `ahead` months after the month of `day`. */
function dueDayAhead(day: string, ahead: number, dueDay: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return dakarDay(new Date(Date.UTC(year, month - 1 + ahead, dueDay)));
}

/** One instalment of a schedule, before it is paid. */
export interface ScheduledInstalment {
  number: number;
  /** A pre-order tranche's share (30, 30, 40); null for a credit instalment. */
  percent: number | null;
  amount: number;
  /** The day it falls due; null for a pre-order's last tranche, paid at delivery. */
  due_on: string | null;
}

/**
 * §6: a credit order's schedule, from the day it is placed: `months` monthly instalments, the first on the terms' due day
 * of the month after the order, the next ones on the same day of each following month.
 */
export function creditSchedule(total: number, months: number, dueDay: number, placedOn: Date): ScheduledInstalment[] {
  const day = dakarDay(placedOn);
  return splitInstalments(total, months).map((amount, i) => ({
    number: i + 1,
    percent: null,
    amount,
    due_on: dueDayAhead(day, i + 1, dueDay),
  }));
}

/** Days between a pre-order's first and second tranches. */
export const SECOND_TRANCHE_DAYS = 30;

/**
 * §4 and §9: a pre-order's three tranches (30 %, 30 %, 40 %): the first due the day it is placed, the second
 * {@link SECOND_TRANCHE_DAYS} days later, the last at delivery (no date until then).
 */
export function preorderSchedule(total: number, placedOn: Date): ScheduledInstalment[] {
  const amounts = preorderTranches(total);
  const day = dakarDay(placedOn);
  const dues = [day, addDays(day, SECOND_TRANCHE_DAYS), null];
  return TRANCHE_PERCENTS.map((percent, i) => ({ number: i + 1, percent, amount: amounts[i]!, due_on: dues[i]! }));
}

/** How an instalment is named: 'Première tranche (30 %)' for a pre-order, 'Mensualité 2 sur 6' for a credit order. */
export function instalmentLabel(i: { number: number; percent: number | null }, months: number | null): string {
  return i.percent != null ? trancheLabel(i.number, i.percent) : `Mensualité ${i.number} sur ${months ?? i.number}`;
}

/** When an instalment falls due, as written beside it: 'le 5 décembre 2026', 'à la livraison' (a pre-order's last tranche); null without a date. */
export function dueText(t: { percent: number | null; due_on?: string | null }): string | null {
  if (t.due_on) return `le ${formatDate(`${t.due_on}T12:00:00Z`)}`;
  return t.due_on === null && t.percent != null ? 'à la livraison' : null;
}

/** Where an unpaid or paid instalment stands on `today`. */
export type InstalmentStanding = 'paid' | 'due' | 'overdue';

/** `paid`; `overdue` once its due day has passed unpaid; else `due` (including a last tranche due at delivery). */
export function instalmentStanding(i: { state: 'due' | 'paid'; due_on: string | null }, today: string): InstalmentStanding {
  if (i.state === 'paid') return 'paid';
  return i.due_on != null && i.due_on < today ? 'overdue' : 'due';
}

/** What the shopper reads for each standing. */
export const standingLabels: Readonly<Record<InstalmentStanding, string>> = {
  paid: 'Payée',
  due: 'À payer',
  overdue: 'En retard',
};
