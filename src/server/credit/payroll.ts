/** §6 payroll deduction: a parent account's month of instalments (its members' credit orders and pre-orders), listed and recorded paid in one step. */
import { and, asc, between, eq, isNotNull, ne, or, isNull, sql } from 'drizzle-orm';
import { type PayrollLine, monthDays } from '../../domain/payroll.ts';
import { instalmentLabel } from '../../domain/schedule.ts';
import { audit } from '../admin/audit.ts';
import type { Db } from '../db/client.ts';
import { orders, orderTranches } from '../db/schema-orders.ts';
import { users } from '../db/schema.ts';
import { type Actor, lockForAdmin, writeTranche } from '../orders/moves.ts';
import { OrderRefusal, retrying } from '../orders/refusal.ts';

/** The French 404 of a parent account that is not one. */
export const NOT_A_PARENT = 'Ce compte n’est pas un compte parent (il n’a pas d’organisation).';

/** A line with the order and instalment it stands for. */
type Keyed = PayrollLine & { orderId: number; number: number };

/**
 * The instalments falling due in `mois` of the orders of `parentId`'s members (the parent recorded on the order, else the
 * member's parent now), excluding cancelled orders and credit orders not yet approved; 404 when `parentId` is no parent account.
 */
export async function payrollLines(db: Db, parentId: number, mois: string): Promise<Keyed[]> {
  const [parent] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, parentId), isNotNull(users.organisation)));
  if (!parent) throw new OrderRefusal(404, NOT_A_PARENT);
  const [first, last] = monthDays(mois);
  const rows = await db
    .select({
      orderId: orders.id,
      reference: orders.reference,
      months: orders.months,
      member: users.name,
      phone: sql<string | null>`coalesce(${users.partnerPhone}, ${orders.telephone})`,
      number: orderTranches.number,
      percent: orderTranches.percent,
      amount: orderTranches.amount,
      state: orderTranches.state,
      dueOn: orderTranches.dueOn,
    })
    .from(orderTranches)
    .innerJoin(orders, eq(orders.id, orderTranches.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        between(orderTranches.dueOn, first, last),
        or(eq(orders.parentId, parentId), and(isNull(orders.parentId), eq(users.parentId, parentId))),
        ne(orders.state, 'cancel'),
        // A credit order is deducted only once its shop and parent account have approved it.
        or(ne(orders.typeSale, 'creditorder'), ne(orders.state, 'sale')),
      ),
    )
    .orderBy(asc(orders.id), asc(orderTranches.number));
  return rows.map((r) => ({
    orderId: r.orderId,
    number: r.number,
    member: r.member,
    phone: r.phone,
    reference: r.reference,
    label: instalmentLabel(r, r.months),
    due_on: r.dueOn!,
    amount: r.amount,
    state: r.state,
  }));
}

/**
 * Records every instalment of `parentId`'s month `mois` still due as paid by payroll deduction, in ONE transaction (each
 * order locked, in id order); a second call records nothing more. Answers how many it recorded and their sum.
 */
export async function recordPayroll(
  db: Db,
  parentId: number,
  mois: string,
  actor: Actor,
  now: Date,
): Promise<{ recorded: number; amount: number }> {
  return retrying(() =>
    db.transaction(async (tx) => {
      const lines = await payrollLines(tx, parentId, mois);
      let recorded = 0;
      let amount = 0;
      for (const l of lines) {
        if (l.state !== 'due') continue;
        // Locked one by one in id order (the lines are sorted so), then re-read: a payment arriving meanwhile is not recorded twice.
        const row = await lockForAdmin(tx, l.orderId, actor);
        if (await writeTranche(tx, row, l.number, 'paid', 'payroll', actor, now)) {
          recorded++;
          amount += l.amount;
        }
      }
      if (recorded > 0)
        await audit(
          tx,
          { userId: actor.id, entity: 'user', entityId: parentId, action: 'payroll', changes: { mois, recorded, amount } },
          now,
        );
      return { recorded, amount };
    }),
  );
}
