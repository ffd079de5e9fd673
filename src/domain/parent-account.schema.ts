/** §6 answers of the parent account's calls (`/api/compte-parent/…`), in zod/mini: its members' credit orders and schedules. */
import { cancelReasons, orderStates } from './orders.ts';
import * as z from './zod.ts';

const stamp = z.nullable(z.string());
const approvals = z.object({
  months: z.int(),
  shop_approved_at: stamp,
  parent_approved_at: stamp,
  parent_refusal: z.nullable(z.string()),
});

/** A member's credit order as its parent account sees it (`GET /api/compte-parent/commandes`, and the approve and refuse answers). */
export const parentOrderSchema = z.object({
  id: z.int(),
  reference: z.string(),
  member: z.object({ id: z.nullable(z.int()), name: z.nullable(z.string()) }),
  date_order: z.string(),
  state: z.enum(orderStates),
  amount_total: z.int(),
  lines: z.array(z.object({ name: z.string(), quantity: z.int() })),
  months: z.nullable(z.int()),
  tranches: z.array(z.object({ number: z.int(), amount: z.int(), due_on: stamp, state: z.enum(['due', 'paid']), paid_at: stamp })),
  credit: z.nullable(approvals),
  cancel_reason: z.nullable(z.enum(cancelReasons)),
});
export type ParentOrder = z.infer<typeof parentOrderSchema>;

/** A member of the parent account and the schedules of their credit orders (`GET /api/compte-parent/membres`). */
export const parentMemberSchema = z.object({
  id: z.int(),
  name: z.string(),
  orders: z.array(
    z.object({
      id: z.int(),
      reference: z.string(),
      state: z.enum(orderStates),
      amount_total: z.int(),
      months: z.nullable(z.int()),
      credit: z.nullable(approvals),
      tranches: z.array(
        z.object({
          number: z.int(),
          amount: z.int(),
          due_on: stamp,
          paid_at: stamp,
          standing: z.enum(['paid', 'due', 'overdue']),
        }),
      ),
    }),
  ),
});
export type ParentMember = z.infer<typeof parentMemberSchema>;
