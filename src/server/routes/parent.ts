/**
 * §6 the parent account's calls under `/api/compte-parent` (a logged-in user; each order is answered only to the parent
 * account it names, else 404): its members' credit orders to approve or refuse, and its members' schedules.
 */
import { and, asc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { parentRefusalSchema } from '../../domain/credit-approval.ts';
import type { Order } from '../../domain/orders.schema.ts';
import { dakarDay, instalmentStanding } from '../../domain/schedule.ts';
import { requireUser } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { tellCreditDecision, type CreditDecision } from '../credit/notify.ts';
import { orders } from '../db/schema-orders.ts';
import { users } from '../db/schema.ts';
import { idParam, validate } from '../http/validate.ts';
import { approveAsParent, refuseAsParent } from '../orders/moves.ts';
import { orderById, readOrders } from '../orders/read.ts';

type C = Context<AppEnv>;

const listQuery = z.object({
  state: z._default(z.enum(['pending', 'all'], { error: 'Le champ « state » doit valoir pending ou all.' }), 'pending'),
});

/** A member's credit order as its parent account sees it: who, what, how much, over how many months, the schedule and the approvals. */
function parentView(o: Order, member: string | null) {
  return {
    id: o.id,
    reference: o.reference,
    member: { id: o.partner_id, name: member ?? o.name },
    date_order: o.date_order,
    state: o.state,
    amount_total: o.amount_total,
    lines: o.order_lines.map((l) => ({ name: l.name, quantity: l.quantity })),
    months: o.credit?.months ?? null,
    tranches: o.tranches.map(({ number, amount, due_on, state, paid_at }) => ({ number, amount, due_on, state, paid_at })),
    credit: o.credit,
    cancel_reason: o.cancel_reason,
  };
}

/** Tells the member, without the answer waiting for the mail server or the SMS gateway. */
function tell(c: C, order: Order, decision: CreditDecision): void {
  const { mailer, siteUrl, log } = c.var.deps;
  void tellCreditDecision(mailer!, order, decision, siteUrl ?? '', log);
}

/** Answers the order as its parent account now sees it, or the refusal. */
async function answer(c: C, id: number, run: () => Promise<CreditDecision | null>) {
  const decision = await run();
  const order = (await orderById(c.var.deps.db, id))!;
  if (decision) tell(c, order, decision);
  return c.json(parentView(order, order.name));
}

/** The parent account's sub-app, mounted at `/api/compte-parent`. */
export const parentRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get('/commandes', validate('query', listQuery), async (c) => {
    const { db } = c.var.deps;
    const me = c.var.principal!.id;
    const pending = c.req.valid('query').state === 'pending';
    const list = await readOrders(
      db,
      and(
        eq(orders.parentId, me),
        eq(orders.typeSale, 'creditorder'),
        isNotNull(orders.months),
        ...(pending ? [eq(orders.state, 'sale'), isNull(orders.parentApprovedAt), isNull(orders.parentRefusal)] : []),
      ),
    );
    const names = await memberNames(
      c,
      list.map((o) => o.partner_id),
    );
    return c.json(list.map((o) => parentView(o, o.partner_id === null ? null : (names.get(o.partner_id) ?? null))));
  })
  .post('/commandes/:id/approuver', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, now } = c.var.deps;
    return answer(c, id, async () => {
      const done = await approveAsParent(db, id, c.var.principal!, now());
      return done.changed ? { kind: 'approved', by: 'parent', confirmed: done.confirmed } : null;
    });
  })
  .post('/commandes/:id/refuser', validate('param', idParam), validate('json', parentRefusalSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const { db, now } = c.var.deps;
    return answer(c, id, async () => {
      await refuseAsParent(db, id, c.var.principal!, reason, now());
      return { kind: 'refused', reason };
    });
  })
  .get('/membres', async (c) => {
    const { db, now } = c.var.deps;
    const me = c.var.principal!.id;
    const today = dakarDay(now());
    const members = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.parentId, me))
      .orderBy(asc(users.name), asc(users.id));
    const ids = members.map((m) => m.id);
    // The schedules the parent account answers for: its own members' credit orders it is named on, not cancelled.
    const list = ids.length
      ? await readOrders(
          db,
          and(
            inArray(orders.userId, ids),
            eq(orders.parentId, me),
            eq(orders.typeSale, 'creditorder'),
            isNotNull(orders.months),
            ne(orders.state, 'cancel'),
          ),
        )
      : [];
    return c.json(
      members.map((m) => ({
        id: m.id,
        name: m.name,
        orders: list
          .filter((o) => o.partner_id === m.id)
          .map((o) => ({
            id: o.id,
            reference: o.reference,
            state: o.state,
            amount_total: o.amount_total,
            months: o.credit?.months ?? null,
            credit: o.credit,
            tranches: o.tranches.map((t) => ({
              number: t.number,
              amount: t.amount,
              due_on: t.due_on,
              paid_at: t.paid_at,
              standing: instalmentStanding(t, today),
            })),
          })),
      })),
    );
  });

/** The account names of `ids` (a member's name, not the one typed on the order). */
async function memberNames(c: C, ids: Array<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (!wanted.length) return new Map();
  const rows = await c.var.deps.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}
