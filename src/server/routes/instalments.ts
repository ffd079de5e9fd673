/** `GET /api/echeances` (§6 « Mes échéances »): the caller's own instalments of pre-orders and credit orders, and what they owe. */
import { setTimeout as delay } from 'node:timers/promises';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireUser } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { myInstalments } from '../credit/my-instalments.ts';
import { orders } from '../db/schema-orders.ts';
import { paymentSessions } from '../db/schema-payments.ts';
import { allProviders } from '../payments/providers.ts';
import { reconcile } from '../payments/reconcile.ts';

/** An order with an instalment session still open is asked about at the provider at most this often, whoever reads. */
const RECONCILE_ON_READ_MS = 10_000;
/** How long a read waits for the provider's answer before answering with what the database says. */
const RECONCILE_WAIT_MS = 3_000;

/** The instalments sub-app, mounted at `/api`. */
export function instalmentRoutes() {
  const askedAt = new Map<number, number>();
  return new Hono<AppEnv>().get('/echeances', requireUser, async (c) => {
    const { db, now, log, payments } = c.var.deps;
    const userId = c.var.principal!.id;
    // Back from the provider before its webhook: the open instalment sessions are asked about, so the list says « Payée ».
    const providers = allProviders(payments);
    if (providers.length > 0) {
      const open = await db
        .selectDistinct({ orderId: paymentSessions.orderId })
        .from(paymentSessions)
        .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
        .where(
          and(eq(orders.userId, userId), isNotNull(paymentSessions.trancheNumber), inArray(paymentSessions.status, ['open', 'failed'])),
        );
      const t = now().getTime();
      const due = open.filter(({ orderId }) => t - (askedAt.get(orderId) ?? 0) >= RECONCILE_ON_READ_MS);
      if (due.length > 0) {
        for (const { orderId } of due) askedAt.set(orderId, t);
        if (askedAt.size > 10_000) askedAt.clear();
        const asked = Promise.all(
          due.flatMap(({ orderId }) =>
            providers.map((p) =>
              reconcile(db, p, now(), log, orderId).catch((err: unknown) =>
                log(`[paiement] rapprochement impossible : ${(err as Error).message}`),
              ),
            ),
          ),
        );
        await Promise.race([asked, delay(RECONCILE_WAIT_MS)]);
      }
    }
    c.header('Cache-Control', 'no-store');
    return c.json(await myInstalments(db, userId, now()));
  });
}
