/** Order calls of spec §7 "Orders": creation (collection, pack, guest booking), reads, cancel, removal and admin moves. */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  guestBookingSchema,
  orderDetailsInputSchema,
  orderInputSchema,
  orderUpdateSchema,
  packOrderInputSchema,
} from '../../domain/orders.schema.ts';
import { notYours } from '../accounts/lookup.ts';
import { requireAdmin, requireUser } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { idParam, validate } from '../http/validate.ts';
import { hideOrder, moveOrder, ORDER_NOT_FOUND, setPaymentStatus } from '../orders/moves.ts';
import { BAD_KEY, readKey, requestHash } from '../orders/idempotency.ts';
import { confirmOrder } from '../orders/notify.ts';
import { LimitReached, placeOrder, type PlaceRequest } from '../orders/place.ts';
import { refuse } from '../accounts/limits.ts';
import { paymentToken } from '../payments/link.ts';
import { clientAddress } from './location.ts';
import { orderById, ordersOfUser } from '../orders/read.ts';
import { OrderRefusal } from '../orders/refusal.ts';
import { allProviders } from '../payments/providers.ts';
import { closeSessions } from '../payments/reconcile.ts';
import { monthsRefusal, readCreditTerms } from '../credit/terms.ts';
import { ordersPlaced, ordersRefused } from '../observe/metrics.ts';
import { orderCustomer } from './order-customer.ts';
import { tellCreditDecision } from '../credit/notify.ts';

type C = Context<AppEnv>;

/** Places the order, answers it with 201 (the first order again for a repeated key) and its payment token, then confirms it by e-mail and SMS. */
async function create(c: C, route: string, body: unknown, req: Omit<PlaceRequest, 'idempotency'>) {
  const { db, now, log, mailer, siteUrl, tokens } = c.var.deps;
  const key = readKey(c.req.header('idempotency-key'));
  if (key === null) return c.json(BAD_KEY, 400);
  const who = c.var.principal;
  // A guest's key is theirs alone: scoped by the phone the booking is for, so two guests never share a key.
  const scope = who ? `u:${who.id}` : `guest:${req.customer.telephone ?? ''}`;
  const idempotency = key ? { scope, key, hash: requestHash(route, body) } : undefined;
  try {
    const placed = await placeOrder(db, { ...req, idempotency }, now(), log);
    const order = {
      ...(placed.order ?? (await orderById(db, placed.orderId))!),
      payment_token: paymentToken(tokens.secret, placed.reference),
    };
    if (placed.replayed) c.header('Idempotent-Replayed', 'true');
    else {
      ordersPlaced.inc({ type_sale: req.typeSale });
      // The answer does not wait for the mail server or the SMS gateway.
      void confirmOrder(mailer!, order, siteUrl ?? '', log);
    }
    return c.json(order, 201);
  } catch (err) {
    if (err instanceof OrderRefusal) return c.json(err.body(), err.status);
    if (err instanceof LimitReached) return refuse(c, err.refusal);
    throw err;
  }
}

/** An order call answered with an error, by its status: bad input and sign-in as well as refusals, limits and failures. */
const countRefused: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (c.res.status >= 400) ordersRefused.inc({ status: String(c.res.status) });
};

/** Runs a move or a removal and answers the order as it now is. */
async function act(c: C, id: number, run: () => Promise<void>) {
  await run();
  return c.json((await orderById(c.var.deps.db, id))!);
}

/** A cancelled order can no longer be paid online: its open sessions are closed in the background (the answer does not wait for the provider). */
function closePayments(c: C, id: number): void {
  const { db, now, log, payments } = c.var.deps;
  for (const provider of allProviders(payments))
    void closeSessions(db, provider, id, now(), log).catch((err: unknown) =>
      log(`[paiement] fermeture des sessions de ${id} : ${(err as Error).message}`),
    );
}

/** Tells the member that the shop approved their credit order, in the background. */
function tellShopApproval(c: C, id: number, confirmed: boolean): void {
  const { db, mailer, siteUrl, log } = c.var.deps;
  void orderById(db, id)
    .then((order) => order && tellCreditDecision(mailer!, order, { kind: 'approved', by: 'shop', confirmed }, siteUrl ?? '', log))
    .catch((err: unknown) => log(`[crédit] avis de validation de ${id} : ${(err as Error).message}`));
}

const commitment = (c: C, date: string | null | undefined) => (date ? new Date(date) : c.var.deps.now());

/** The order sub-app, mounted at `/api`. */
export const orderRoutes = new Hono<AppEnv>()
  .post('/commandes', countRefused, requireUser, validate('json', orderInputSchema), async (c) => {
    const body = c.req.valid('json');
    const customer = await orderCustomer(c, body.partner_id, body.type_sale, body);
    if (customer instanceof Response) return customer;
    const pack = body.type_order === 'pack' ? { code: body.pack_code } : null;
    if (pack && body.type_sale !== 'order')
      return c.json({ message: 'Un pack se commande avec type_sale « order ».', field: 'type_sale' }, 400);
    let credit: PlaceRequest['credit'];
    if (body.type_sale === 'creditorder') {
      // Its instalments are paid one by one (src/domain/schedule.ts), never its whole total online at once.
      if (body.payment_mode === 'online')
        return c.json({ message: 'Une commande à crédit se règle en mensualités, pas en ligne en une fois.', field: 'payment_mode' }, 400);
      const terms = await readCreditTerms(c.var.deps.db);
      const months = body.credit_months ?? terms.months[0]!;
      const refusal = monthsRefusal(terms, months);
      if (refusal) return c.json({ message: refusal, field: 'credit_months' }, 400);
      credit = { months, dueDay: terms.dueDay, parentId: customer.parentId };
    } else if (body.credit_months != null) {
      return c.json({ message: 'Seule une commande à crédit se paie en mensualités.', field: 'credit_months' }, 400);
    }
    return create(c, 'commandes', body, {
      credit,
      typeSale: body.type_sale,
      pack,
      lines: body.order_lines,
      paymentMode: body.payment_mode ?? 'domicile',
      commitmentDate: commitment(c, body.commitment_date),
      customer,
    });
  })
  .post('/commande-pack', countRefused, requireUser, validate('json', packOrderInputSchema), async (c) => {
    const body = c.req.valid('json');
    const customer = await orderCustomer(c, body.partner_id, 'order', body);
    if (customer instanceof Response) return customer;
    return create(c, 'commande-pack', body, {
      typeSale: 'order',
      pack: { code: body.pack_code },
      lines: body.order_lines,
      paymentMode: body.payment_mode ?? 'domicile',
      commitmentDate: commitment(c, body.commitment_date),
      customer,
    });
  })
  .post('/commande-sans-partner', countRefused, validate('json', guestBookingSchema), async (c) => {
    const body = c.req.valid('json');
    const { order } = body;
    return create(c, 'commande-sans-partner', body, {
      typeSale: 'order',
      pack: { code: order.pack_code },
      lines: order.order_lines,
      paymentMode: order.payment_mode ?? 'online',
      commitmentDate: commitment(c, order.commitment_date),
      customer: { userId: null, name: body.name, email: body.email, telephone: body.telephone, adresse: body.adresse },
      limits: [
        { name: 'address', key: clientAddress(c) },
        { name: 'addressDay', key: clientAddress(c) },
        { name: 'phone', key: body.telephone },
      ],
    });
  })
  .post('/commandes/details', requireUser, validate('json', orderDetailsInputSchema), async (c) => {
    const { commande_id, partner_id } = c.req.valid('json');
    const who = c.var.principal!;
    const order = await orderById(c.var.deps.db, commande_id);
    const mine = who.role === 'admin' || partner_id === who.id;
    if (!order || !mine || order.partner_id !== partner_id) return c.json({ message: ORDER_NOT_FOUND }, 404);
    return c.json(order);
  })
  .get('/commandes/:id', requireUser, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const who = c.var.principal!;
    if (who.role !== 'admin' && who.id !== id) return c.json(notYours, 404);
    return c.json(await ordersOfUser(c.var.deps.db, id));
  })
  .put('/commandes/:id', requireAdmin, validate('param', idParam), validate('json', orderUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { state, payment_status, reason } = c.req.valid('json');
    const { db, now } = c.var.deps;
    return act(c, id, async () => {
      const approval = state ? await moveOrder(db, id, state, c.var.principal!, now()) : null;
      // A credit order's « Confirmer » is the shop's approval (src/domain/credit-approval.ts): its member is told.
      if (approval?.changed) tellShopApproval(c, id, approval.confirmed);
      if (payment_status) await setPaymentStatus(db, id, payment_status, c.var.principal!, now(), reason);
      if (state === 'cancel') closePayments(c, id);
    });
  })
  .get('/getcommande/:id', requireUser, validate('param', idParam), async (c) => {
    const order = await orderById(c.var.deps.db, c.req.valid('param').id);
    const who = c.var.principal!;
    if (!order || (who.role !== 'admin' && order.partner_id !== who.id)) return c.json({ message: ORDER_NOT_FOUND }, 404);
    return c.json(order);
  })
  .get('/commande/:id/annuler', requireUser, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, now } = c.var.deps;
    return act(c, id, async () => {
      await moveOrder(db, id, 'cancel', c.var.principal!, now());
      closePayments(c, id);
    });
  })
  .get('/commande/:id/delete', requireUser, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, now } = c.var.deps;
    return act(c, id, () => hideOrder(db, id, c.var.principal!, now()));
  });
