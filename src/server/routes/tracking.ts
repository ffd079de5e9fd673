/** `POST /api/tracking` (§7): an order found by its reference and the phone or e-mail given with it; 10 tries a minute per address. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { trackingInputSchema } from '../../domain/orders.schema.ts';
import { normalizeReference } from '../../domain/orders.ts';
import type { AppEnv } from '../context.ts';
import { orders } from '../db/schema-orders.ts';
import { databaseLimiter, tooMany, type Limiter } from '../http/rate-limit.ts';
import { validate } from '../http/validate.ts';
import { readOrders, toTracked } from '../orders/read.ts';
import { paymentToken } from '../payments/link.ts';
import { clientAddress } from './location.ts';

/** Tries per address and window. */
export const TRACKING_LIMIT = { points: 10, seconds: 60 } as const;

/** One answer for a wrong reference and a wrong contact alike, so neither can be probed alone. */
export const NO_MATCH = { message: 'Aucune commande ne correspond à cette référence et à ce contact.' };
const TOO_MANY = 'Trop de tentatives de suivi : veuillez réessayer dans une minute.';

/** The tracking sub-app (mounted at `/api/tracking`); its limiter lives in the app's database. */
export function trackingRoutes() {
  let limiter: Limiter | undefined;
  return new Hono<AppEnv>().post(
    '/',
    async (c, next) => {
      limiter ??= databaseLimiter(c.var.deps.db, 'tracking', TRACKING_LIMIT.points, TRACKING_LIMIT.seconds);
      // Every try counts, well-formed or not.
      const wait = await limiter(clientAddress(c));
      if (wait > 0) return tooMany(c, wait, TOO_MANY);
      await next();
    },
    validate('json', trackingInputSchema),
    async (c) => {
      const { reference, telephone, email } = c.req.valid('json');
      const wanted = normalizeReference(reference);
      const found = wanted ? await readOrders(c.var.deps.db, eq(orders.reference, wanted)) : [];
      const order = found.find(
        (o) => (telephone != null && o.telephone === telephone) || (email != null && o.email?.toLowerCase() === email),
      );
      if (!order) return c.json(NO_MATCH, 404);
      // The reference and its contact prove the order is the caller's: they may pay it too.
      return c.json({ ...toTracked(order), payment_token: paymentToken(c.var.deps.tokens.secret, order.reference) });
    },
  );
}
