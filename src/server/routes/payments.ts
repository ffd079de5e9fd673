/** `GET /api/paiement/{reference}`: where an order's payment stands, for the §2 `/payment-state` screen; nothing personal in it. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { PaymentState } from '../../domain/orders.schema.ts';
import { normalizeReference } from '../../domain/orders.ts';
import type { AppEnv } from '../context.ts';
import { orders } from '../db/schema-orders.ts';
import { databaseLimiter, type Limiter } from '../http/rate-limit.ts';
import { validate } from '../http/validate.ts';
import { clientAddress } from './location.ts';

/** Reads per address and window: enough for a screen that checks again every few seconds. */
export const PAYMENT_READ_LIMIT = { points: 60, seconds: 60 } as const;
const NOT_FOUND = { message: 'Aucune commande ne porte cette référence.' };
const refParam = z.object({ reference: z.string().max(40, NOT_FOUND.message) });

/** The payment sub-app, mounted at `/api/paiement`. */
export function paymentRoutes() {
  let limiter: Limiter | undefined;
  return new Hono<AppEnv>().get('/:reference', validate('param', refParam), async (c) => {
    limiter ??= databaseLimiter(c.var.deps.db, 'paiement', PAYMENT_READ_LIMIT.points, PAYMENT_READ_LIMIT.seconds);
    const wait = await limiter(clientAddress(c));
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return c.json({ message: 'Trop de demandes : veuillez patienter une minute.' }, 429);
    }
    const reference = normalizeReference(c.req.valid('param').reference);
    const [o] = reference ? await c.var.deps.db.select().from(orders).where(eq(orders.reference, reference)) : [];
    if (!o) return c.json(NOT_FOUND, 404);
    const who = c.var.principal;
    const owner = !!who && (who.role === 'admin' || who.id === o.userId);
    c.header('Cache-Control', 'no-store');
    return c.json({
      reference: o.reference, id: owner ? o.id : null, type_sale: o.typeSale, amount_total: o.amountTotal,
      payment_mode: o.paymentMode, payment_status: o.paymentStatus, state: o.state,
    } satisfies PaymentState);
  });
}
