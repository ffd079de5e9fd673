/** §6 the back office's overdue instalments: unpaid past their due day, orders not cancelled, with totals per parent account. */
import { and, asc, count, desc, eq, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OverdueList, OverdueQuery } from '../../domain/overdue.schema.ts';
import { daysLate } from '../../domain/reminders.ts';
import { dakarDay, instalmentLabel } from '../../domain/schedule.ts';
import type { Db } from '../db/client.ts';
import { instalmentReminders } from '../db/schema-credit.ts';
import { orders, orderTranches } from '../db/schema-orders.ts';
import { users } from '../db/schema.ts';

const parent = alias(users, 'parent');
// The order's parent account (a credit order's, fixed when placed), else the one its member is attached to now.
const parentId = sql<number | null>`coalesce(${orders.parentId}, ${users.parentId})`;
const amountSum = sql<number>`coalesce(sum(${orderTranches.amount}), 0)::bigint`.mapWith(Number);

/** The overdue instalments on the day of `now`: one page, oldest due first, and the totals overall and per parent account. */
export async function listOverdue(db: Db, q: OverdueQuery, now: Date): Promise<OverdueList> {
  const today = dakarDay(now);
  const overdue = and(eq(orderTranches.state, 'due'), lt(orderTranches.dueOn, today), ne(orders.state, 'cancel'));
  const base = () =>
    db
      .select({
        parentId,
        organisation: parent.organisation,
        count: count(),
        amount: amountSum,
      })
      .from(orderTranches)
      .innerJoin(orders, eq(orders.id, orderTranches.orderId))
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(parent, eq(parent.id, parentId));
  const last = (column: typeof instalmentReminders.sentOn | typeof instalmentReminders.kind) =>
    sql`(select ${column} from ${instalmentReminders} where ${instalmentReminders.orderId} = ${orderTranches.orderId} and ${instalmentReminders.number} = ${orderTranches.number} order by ${instalmentReminders.sentOn} desc limit 1)`;
  const rows = await db
    .select({
      orderId: orderTranches.orderId,
      reference: orders.reference,
      number: orderTranches.number,
      percent: orderTranches.percent,
      months: orders.months,
      dueOn: orderTranches.dueOn,
      amount: orderTranches.amount,
      name: sql<string | null>`coalesce(${users.name}, ${orders.name})`,
      telephone: orders.telephone,
      organisation: parent.organisation,
      lastSentOn: last(instalmentReminders.sentOn).mapWith(String),
      lastKind: last(instalmentReminders.kind).mapWith(String),
    })
    .from(orderTranches)
    .innerJoin(orders, eq(orders.id, orderTranches.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(parent, eq(parent.id, parentId))
    .where(overdue)
    .orderBy(asc(orderTranches.dueOn), asc(orderTranches.orderId), asc(orderTranches.number))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const groups = await base().where(overdue).groupBy(parentId, parent.organisation).orderBy(desc(amountSum));
  const total = groups.reduce((t, g) => ({ count: t.count + g.count, amount: t.amount + g.amount }), { count: 0, amount: 0 });
  return {
    instalments: rows.map((r) => ({
      order_id: r.orderId,
      reference: r.reference,
      number: r.number,
      label: instalmentLabel({ number: r.number, percent: r.percent }, r.months),
      due_on: r.dueOn!,
      days_late: daysLate(r.dueOn!, today),
      amount: r.amount,
      name: r.name,
      telephone: r.telephone,
      organisation: r.organisation,
      last_reminder: r.lastSentOn ? { kind: r.lastKind as 'before' | 'overdue', sent_on: r.lastSentOn } : null,
    })),
    total,
    by_parent: groups.map((g) => ({ parent_id: g.parentId, organisation: g.organisation, count: g.count, amount: g.amount })),
  };
}
