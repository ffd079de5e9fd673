/** « Mes échéances » (§6): every instalment of a customer's pre-orders and credit orders, where each stands, and the sums. */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { instalmentRows, instalmentSummary } from '../../domain/instalment-payments.ts';
import type { MyInstalment, MyInstalments } from '../../domain/instalment-payments.schema.ts';
import { dakarDay, instalmentLabel } from '../../domain/schedule.ts';
import type { Db } from '../db/client.ts';
import { orders, orderTranches } from '../db/schema-orders.ts';

/** The instalments of `userId`'s pre-orders and credit orders not cancelled, order by order (newest first), with their sums on `now`. */
export async function myInstalments(db: Db, userId: number, now: Date): Promise<MyInstalments> {
  const rows = await db
    .select({
      orderId: orders.id,
      reference: orders.reference,
      typeSale: orders.typeSale,
      state: orders.state,
      months: orders.months,
      createdAt: orders.createdAt,
      number: orderTranches.number,
      percent: orderTranches.percent,
      amount: orderTranches.amount,
      trancheState: orderTranches.state,
      dueOn: orderTranches.dueOn,
      paidAt: orderTranches.paidAt,
      paidVia: orderTranches.paidVia,
    })
    .from(orderTranches)
    .innerJoin(orders, eq(orders.id, orderTranches.orderId))
    .where(and(eq(orders.userId, userId), inArray(orders.typeSale, ['preorder', 'creditorder']), ne(orders.state, 'cancel')))
    .orderBy(asc(orders.id), asc(orderTranches.number));
  const today = dakarDay(now);
  const byOrder = new Map<number, typeof rows>();
  for (const r of rows) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), r]);
  const instalments: MyInstalment[] = [];
  for (const lines of [...byOrder.values()].reverse()) {
    const o = lines[0]!;
    const typeSale = o.typeSale as 'preorder' | 'creditorder';
    const standing = instalmentRows(
      { type_sale: typeSale, state: o.state },
      lines.map((l) => ({ ...l, state: l.trancheState, due_on: l.dueOn })),
      today,
    );
    for (const l of standing)
      instalments.push({
        order_id: o.orderId,
        reference: o.reference,
        type_sale: typeSale,
        number: l.number,
        percent: l.percent,
        label: instalmentLabel(l, o.months),
        amount: l.amount,
        due_on: l.dueOn,
        standing: l.standing,
        paid_at: l.paidAt?.toISOString() ?? null,
        paid_via: l.paidVia,
        payable: l.payable,
      });
  }
  return { summary: instalmentSummary(instalments), instalments };
}
