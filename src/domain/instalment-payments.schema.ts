/** The answer of `GET /api/echeances` (« Mes échéances », §4 and §6) in zod/mini: read by the profile's store, kept apart so the screens that only label instalments carry no validator. */
import { instalmentVias } from './instalment-payments.ts';
import * as z from './zod.ts';

/** One instalment in « Mes échéances » (`GET /api/echeances`). */
export const myInstalmentSchema = z.object({
  order_id: z.int(),
  reference: z.string(),
  type_sale: z.enum(['preorder', 'creditorder']),
  number: z.int(),
  /** A pre-order tranche's share (30, 30, 40); null for a credit instalment. */
  percent: z.nullable(z.int()),
  label: z.string(),
  amount: z.int(),
  due_on: z.nullable(z.string()),
  standing: z.enum(['paid', 'due', 'overdue']),
  paid_at: z.nullable(z.string()),
  paid_via: z.nullable(z.enum(instalmentVias)),
  /** Whether « Payer » opens an online payment for it now (the next unpaid one of an order open to payment). */
  payable: z.boolean(),
});
export type MyInstalment = z.infer<typeof myInstalmentSchema>;

/** What the member owes, summed: next due date and amount, paid, overdue (whole francs). */
export const instalmentSummarySchema = z.object({
  next_due_on: z.nullable(z.string()),
  next_amount: z.nullable(z.int()),
  total_paid: z.int(),
  total_overdue: z.int(),
  total_due: z.int(),
});

/** Answer of `GET /api/echeances`. */
export const myInstalmentsSchema = z.object({
  summary: instalmentSummarySchema,
  instalments: z.array(myInstalmentSchema),
});
export type MyInstalments = z.infer<typeof myInstalmentsSchema>;
