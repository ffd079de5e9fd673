/** §6 the back office's overdue instalments (`GET /api/admin/echeances/retard`): the list, its totals, its page. */
import { MAX_PAGE } from './bounds.ts';
import { wholeNumber } from './numbers.ts';
import * as z from './zod.ts';

const count = z.int().check(z.nonnegative());

/** Query of the overdue list: the page and page size. */
export const overdueQuerySchema = z.object({
  page: z._default(wholeNumber('Le paramètre « page »', 1, MAX_PAGE, { coerce: true }), 1),
  limit: z._default(wholeNumber('Le paramètre « limit »', 1, 100, { coerce: true }), 20),
});
export type OverdueQuery = z.infer<typeof overdueQuerySchema>;

/** One unpaid instalment past its due date: who owes it, for which order, since when, and the last reminder sent. */
export const overdueInstalmentSchema = z.object({
  order_id: z.int(),
  reference: z.string(),
  number: z.int(),
  /** instalmentLabel: 'Mensualité 2 sur 6', 'Première tranche (30 %)'. */
  label: z.string(),
  due_on: z.string(),
  days_late: z.int(),
  amount: count,
  /** The member's or customer's name (the account's, else the order's). */
  name: z.nullable(z.string()),
  telephone: z.nullable(z.string()),
  /** The organisation of the parent account (the order's, else the member's); null for a customer without one. */
  organisation: z.nullable(z.string()),
  last_reminder: z.nullable(z.object({ kind: z.enum(['before', 'overdue']), sent_on: z.string() })),
});

/** How many instalments are overdue and for how much. */
const totalsSchema = z.object({ count, amount: count });

/** Answer of the overdue list: one page of instalments, oldest due first; the totals overall and per parent account. */
export const overdueListSchema = z.object({
  instalments: z.array(overdueInstalmentSchema),
  total: totalsSchema,
  /** Per parent account, largest amount first; `parent_id` null gathers the instalments of no parent account. */
  by_parent: z.array(z.extend(totalsSchema, { parent_id: z.nullable(z.int()), organisation: z.nullable(z.string()) })),
});
export type OverdueList = z.infer<typeof overdueListSchema>;
