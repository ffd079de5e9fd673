/**
 * `/api/paiement/{reference}`: where an order's payment stands (§2 `/payment-state`), nothing personal in it; and
 * 'Payer maintenant' and 'Payer à la livraison', only for the order's owner, an admin, or the bearer of its payment link;
 * and `/api/paiement/moyens`, the providers that take money (§2 'En ligne').
 */
import { setTimeout as delay } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { PaymentState } from '../../domain/orders.schema.ts';
import { normalizeReference } from '../../domain/orders.ts';
import type { AppEnv } from '../context.ts';
import { orders, orderTranches } from '../db/schema-orders.ts';
import { databaseLimiter, tooMany, type Limiter } from '../http/rate-limit.ts';
import { validate } from '../http/validate.ts';
import type { OrderRow } from '../orders/read.ts';
import { checkoutBodySchema, instalmentProgress, PROVIDER_REFUSED } from '../../domain/payment-state.ts';
import { paysByInstalments } from '../../domain/instalment-payments.ts';
import { openSessionMethod, payOnDelivery, PAYMENT_TEXT, startCheckout, type MayPay } from '../payments/checkout.ts';
import { isPaymentToken } from '../payments/link.ts';
import { type PaymentMethod, PaymentsOff, ProviderUnavailable } from '../payments/provider.ts';
import { allProviders, paymentMethods, providerFor } from '../payments/providers.ts';
import { PAYMENT_METHODS_MAX_AGE } from '../../domain/payment-methods.ts';
import { reconcile } from '../payments/reconcile.ts';
import { clientAddress } from './location.ts';

/** Reads per address and window: enough for a screen that checks again every few seconds. */
const PAYMENT_READ_LIMIT = { points: 60, seconds: 60 } as const;
/** Checkouts and switches per address and window. */
const PAYMENT_WRITE_LIMIT = { points: 10, seconds: 60 } as const;
/** A pending order is asked about at the provider at most this often, whoever polls. */
const RECONCILE_ON_READ_MS = 10_000;
/** How long a read waits for the provider's answer before answering with what the database says. */
const RECONCILE_WAIT_MS = 3_000;
const NOT_FOUND = { message: PAYMENT_TEXT.notFound };
const refParam = z.object({ reference: z.string().max(40, NOT_FOUND.message) });

type C = Context<AppEnv>;

/** The header carrying an order's payment token (from its answer, or the `t` of its payment link). */
const PAYMENT_TOKEN_HEADER = 'Payment-Token';

/** Who may act on the payment of an order: its logged-in owner, an admin, or whoever holds its payment token. */
function mayPay(c: C): MayPay {
  const who = c.var.principal;
  const token = c.req.header(PAYMENT_TOKEN_HEADER);
  return (o: OrderRow) =>
    (!!who && (who.role === 'admin' || (o.userId !== null && who.id === o.userId))) ||
    isPaymentToken(c.var.deps.tokens.secret, o.reference, token);
}

async function limited(c: C, limiter: Limiter): Promise<Response | null> {
  const wait = await limiter(clientAddress(c));
  return wait > 0 ? tooMany(c, wait, 'Trop de demandes : veuillez patienter une minute.') : null;
}

async function find(c: C, raw: string) {
  const reference = normalizeReference(raw);
  const [o] = reference ? await c.var.deps.db.select().from(orders).where(eq(orders.reference, reference)) : [];
  return o ?? null;
}

/** The provider the shopper chose in the optional body `{ "provider": "wave" | "orange", "tranche"?: n }` (Wave when there is none), and the instalment named. */
async function chosenProvider(
  c: C,
): Promise<{ ok: true; method: PaymentMethod; tranche?: number } | { ok: false; message: string; field?: string }> {
  const raw = await c.req.text();
  if (raw.trim() === '') return { ok: true, method: 'wave' };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, message: 'Le corps de la requête n’est pas un JSON valide.' };
  }
  const body = checkoutBodySchema.safeParse(json);
  if (!body.success) {
    const tranche = body.error.issues.find((i) => i.path[0] === 'tranche');
    return tranche ? { ok: false, message: tranche.message, field: 'tranche' } : { ok: false, message: PROVIDER_REFUSED };
  }
  return { ok: true, method: body.data.provider ?? 'wave', ...(body.data.tranche !== undefined ? { tranche: body.data.tranche } : {}) };
}

/** The payment sub-app, mounted at `/api/paiement`. */
export function paymentRoutes() {
  let reads: Limiter | undefined;
  let writes: Limiter | undefined;
  const askedAt = new Map<number, number>();
  const answer = async (c: C, raw: string) => {
    const { db, now } = c.var.deps;
    const o = await find(c, raw);
    if (!o) return c.json(NOT_FOUND, 404);
    const who = c.var.principal;
    const owner = !!who && (who.role === 'admin' || who.id === o.userId);
    c.header('Cache-Control', 'no-store');
    const method = await openSessionMethod(db, o.id, now());
    // A pre-order or a credit order is paid one instalment at a time: the answer names the one 'Payer maintenant' pays.
    const lines = paysByInstalments(o.typeSale)
      ? await db
          .select({
            number: orderTranches.number,
            percent: orderTranches.percent,
            amount: orderTranches.amount,
            state: orderTranches.state,
            due_on: orderTranches.dueOn,
          })
          .from(orderTranches)
          .where(eq(orderTranches.orderId, o.id))
      : [];
    return c.json({
      reference: o.reference,
      id: owner ? o.id : null,
      type_sale: o.typeSale,
      amount_total: o.amountTotal,
      payment_mode: o.paymentMode,
      payment_status: o.paymentStatus,
      state: o.state,
      cancel_reason: o.cancelReason,
      hold_until: o.holdUntil?.toISOString() ?? null,
      checkout_open: method !== null,
      provider: method,
      instalments: lines.length > 0 ? instalmentProgress(lines, o.months) : null,
    } satisfies PaymentState);
  };
  const act = async (c: C, run: (reference: string) => Promise<Response>) => {
    writes ??= databaseLimiter(c.var.deps.db, 'paiement-action', PAYMENT_WRITE_LIMIT.points, PAYMENT_WRITE_LIMIT.seconds);
    const refused = await limited(c, writes);
    if (refused) return refused;
    const reference = normalizeReference(c.req.param('reference') ?? '');
    if (!reference) return c.json(NOT_FOUND, 404);
    try {
      return await run(reference);
    } catch (err) {
      if (err instanceof ProviderUnavailable) return c.json({ message: err.message, retry: true }, 503);
      if (err instanceof PaymentsOff) return c.json({ message: err.message, retry: false }, 503);
      throw err;
    }
  };
  return new Hono<AppEnv>()
    .get('/moyens', (c) => {
      c.header('Cache-Control', `public, max-age=${PAYMENT_METHODS_MAX_AGE}`);
      return c.json(paymentMethods(c.var.deps.payments));
    })
    .get('/:reference', validate('param', refParam), async (c) => {
      const { db, now, log, payments } = c.var.deps;
      reads ??= databaseLimiter(db, 'paiement', PAYMENT_READ_LIMIT.points, PAYMENT_READ_LIMIT.seconds);
      const refused = await limited(c, reads);
      if (refused) return refused;
      const raw = c.req.valid('param').reference;
      const o = await find(c, raw);
      // A pending payment is asked about at the provider too: a lost webhook does not keep the shopper waiting.
      const providers = allProviders(payments);
      if (providers.length > 0 && o && o.paymentMode === 'online' && (o.paymentStatus === 'pending' || o.paymentStatus === 'failed')) {
        const t = now().getTime();
        if (t - (askedAt.get(o.id) ?? 0) >= RECONCILE_ON_READ_MS) {
          askedAt.set(o.id, t);
          if (askedAt.size > 10_000) askedAt.clear();
          // The answer waits a few seconds at most; a slow provider finishes in the background.
          const asked = Promise.all(
            providers.map((provider) =>
              reconcile(db, provider, now(), log, o.id).catch((err: unknown) =>
                log(`[paiement] rapprochement impossible : ${(err as Error).message}`),
              ),
            ),
          );
          await Promise.race([asked, delay(RECONCILE_WAIT_MS)]);
        }
      }
      return answer(c, raw);
    })
    .post('/:reference/session', validate('param', refParam), (c) =>
      act(c, async (reference) => {
        const { db, now, log, payments, siteUrl } = c.var.deps;
        const choice = await chosenProvider(c);
        if (!choice.ok) return c.json({ message: choice.message, ...(choice.field ? { field: choice.field } : {}) }, 400);
        const provider = providerFor(payments, choice.method);
        const others = allProviders(payments).filter((p) => p !== provider);
        return c.json(await startCheckout(db, provider, reference, mayPay(c), siteUrl ?? '', now(), log, others, choice.tranche));
      }),
    )
    .post('/:reference/domicile', validate('param', refParam), (c) =>
      act(c, async (reference) => {
        await payOnDelivery(c.var.deps.db, reference, mayPay(c), c.var.deps.now());
        return answer(c, reference);
      }),
    );
}
