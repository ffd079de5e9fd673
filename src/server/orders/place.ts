/** Places an order in one transaction (§7 "Orders"): key, prices, stock, order, lines and schedule, all or nothing. */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Order, OrderLineInput } from '../../domain/orders.schema.ts';
import { holdEnd } from '../../domain/holds.ts';
import { initialPaymentStatus, priceLines, referenceFromBytes, type PaymentMode, type SaleType } from '../../domain/orders.ts';
import { creditSchedule, preorderSchedule } from '../../domain/schedule.ts';
import type { Refusal } from '../accounts/limits.ts';
import type { Db } from '../db/client.ts';
import { bookingLimits, type BookingLimit } from './booking-limits.ts';
import { idempotencyKeys, orderLines, orders, orderTranches } from '../db/schema-orders.ts';
import { priceCollection, pricePack, takeStock, type Priced } from './pricing.ts';
import { orderAnswer, type OrderRow } from './read.ts';
import { OrderRefusal, retrying } from './refusal.ts';
import { welcomeInOrder } from './welcome.ts';

/** Everything an order call decided before the transaction. */
export interface PlaceRequest {
  typeSale: SaleType;
  /** Set for a pack order: the pack's code when the client named it. */
  pack: { code: string | null | undefined } | null;
  lines: readonly OrderLineInput[];
  paymentMode: PaymentMode;
  commitmentDate: Date;
  customer: { userId: number | null; name: string | null; email: string | null; telephone: string | null; adresse: string | null };
  /** A credit order's terms (§6): its number of monthly instalments, their due day, and the parent account that must approve it. */
  credit?: { months: number; dueDay: number; parentId: number | null };
  /** `Idempotency-Key`, the caller it belongs to, and the hash of the request it came with. */
  idempotency?: { scope: string; key: string; hash: string };
  /** Limits this order counts against (guest bookings), spent in its transaction: a refused or replayed order spends nothing. */
  limits?: ReadonlyArray<{ name: BookingLimit; key: string }>;
}

/** The order made (or the one a repeated key made before). */
export interface Placed {
  orderId: number;
  reference: string;
  amountTotal: number;
  replayed: boolean;
  /** The order as the order calls answer it, built from the rows this call wrote (absent for a replay, which reads it again). */
  order?: Order;
}

/** A booking refused by a limit: the French sentence and the seconds to wait. */
export class LimitReached extends Error {
  readonly refusal: Refusal;
  constructor(refusal: Refusal) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

const SAME_KEY_OTHER_BODY = 'Cette clé Idempotency-Key a déjà servi pour une autre commande : générez-en une nouvelle.';

/** Records the key first: a concurrent copy waits on it, then finds the order this transaction made. */
async function claimKey(tx: Db, idem: NonNullable<PlaceRequest['idempotency']>, now: Date): Promise<Placed | null> {
  const [claimed] = await tx
    .insert(idempotencyKeys)
    .values({ scope: idem.scope, key: idem.key, requestHash: idem.hash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed) return null;
  const [prior] = await tx
    .select({
      hash: idempotencyKeys.requestHash,
      orderId: idempotencyKeys.orderId,
      reference: orders.reference,
      amountTotal: orders.amountTotal,
    })
    .from(idempotencyKeys)
    .leftJoin(orders, eq(orders.id, idempotencyKeys.orderId))
    .where(and(eq(idempotencyKeys.scope, idem.scope), eq(idempotencyKeys.key, idem.key)));
  if (!prior || prior.hash !== idem.hash) throw new OrderRefusal(422, SAME_KEY_OTHER_BODY);
  return { orderId: prior.orderId!, reference: prior.reference!, amountTotal: prior.amountTotal!, replayed: true };
}

/** Inserts the order under a fresh random reference (drawn again in the unlikely case it is taken). */
async function insertOrder(
  tx: Db,
  req: PlaceRequest,
  priced: Priced,
  amounts: { total: number; welcome: number },
  now: Date,
): Promise<OrderRow> {
  for (;;) {
    const reference = referenceFromBytes(randomBytes(8));
    const stockTaken = req.typeSale !== 'preorder';
    const paymentStatus = initialPaymentStatus(req.paymentMode);
    const holdUntil = holdEnd({
      typeSale: req.typeSale,
      stockTaken,
      guest: req.customer.userId === null,
      paymentMode: req.paymentMode,
      paymentStatus,
      state: 'sale',
      createdAt: now,
    });
    const [row] = await tx
      .insert(orders)
      .values({
        reference,
        userId: req.customer.userId,
        typeSale: req.typeSale,
        packId: priced.packId,
        paymentMode: req.paymentMode,
        paymentStatus,
        state: 'sale',
        amountTotal: amounts.total,
        welcomeReduction: amounts.welcome,
        stockTaken,
        holdUntil,
        commitmentDate: req.commitmentDate,
        name: req.customer.name,
        email: req.customer.email,
        telephone: req.customer.telephone,
        adresse: req.customer.adresse,
        months: req.credit?.months ?? null,
        parentId: req.credit?.parentId ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: orders.reference })
      .returning();
    if (row) return row;
  }
}

async function placeOnce(db: Db, req: PlaceRequest, now: Date): Promise<{ placed: Placed; notes: string[] }> {
  return db.transaction(async (tx) => {
    if (req.idempotency) {
      const prior = await claimKey(tx, req.idempotency, now);
      if (prior) return { placed: prior, notes: [] };
    }
    for (const limit of req.limits ?? []) {
      const refusal = await bookingLimits.spend(tx, limit.name, limit.key);
      if (refusal) throw new LimitReached(refusal);
    }
    // Pre-orders take no stock: they only keep their products from being deleted under them (pricing.ts).
    const takesStock = req.typeSale !== 'preorder';
    const priced = req.pack
      ? await pricePack(tx, req.pack.code, req.lines, takesStock)
      : await priceCollection(tx, req.typeSale, req.lines, takesStock);
    if (takesStock) await takeStock(tx, priced, now);
    const { order_lines, amount_total: linesTotal } = priceLines(priced.lines);
    const welcome = await welcomeInOrder(tx, {
      userId: req.customer.userId,
      saleType: req.typeSale,
      pack: req.pack !== null,
      lines: order_lines.map((l) => {
        const row = priced.rows.get(l.product_id)!;
        return { price_subtotal: l.price_subtotal, promo: row.enPromo && row.promoPrice !== null };
      }),
    });
    // The reduction comes off the total: what is paid, split into tranches and sent to the payment provider.
    const amount_total = linesTotal - welcome;
    const order = await insertOrder(tx, req, priced, { total: amount_total, welcome }, now);
    // The answer is made from the rows written here: read again after the commit, they would be the same.
    const lines = await tx
      .insert(orderLines)
      .values(
        order_lines.map((l) => ({
          orderId: order.id,
          productId: l.product_id,
          name: l.name,
          quantity: l.quantity,
          priceUnit: l.price_unit,
          priceSubtotal: l.price_subtotal,
        })),
      )
      .returning();
    const schedule =
      req.typeSale === 'preorder'
        ? preorderSchedule(amount_total, now)
        : req.credit
          ? creditSchedule(amount_total, req.credit.months, req.credit.dueDay, now)
          : [];
    const tranches =
      schedule.length > 0
        ? await tx
            .insert(orderTranches)
            .values(schedule.map((t) => ({ orderId: order.id, number: t.number, percent: t.percent, amount: t.amount, dueOn: t.due_on })))
            .returning()
        : [];
    if (req.idempotency) {
      await tx
        .update(idempotencyKeys)
        .set({ orderId: order.id })
        .where(and(eq(idempotencyKeys.scope, req.idempotency.scope), eq(idempotencyKeys.key, req.idempotency.key)));
    }
    const notes = req.lines.flatMap((l, i) => {
      const price = order_lines[i]!.price_unit;
      return l.list_price != null && l.list_price !== price
        ? [`[commandes] ${order.reference} : prix client ${l.list_price} ignoré pour le produit ${l.id} (catalogue : ${price}).`]
        : [];
    });
    const answer = orderAnswer(
      order,
      lines
        .sort((a, b) => a.id - b.id)
        .map((l) => ({
          product_id: l.productId,
          name: l.name,
          quantity: l.quantity,
          price_unit: l.priceUnit,
          price_subtotal: l.priceSubtotal,
          imageVersion: priced.rows.get(l.productId!)?.imageVersion ?? null,
        })),
      tranches.sort((a, b) => a.number - b.number),
    );
    return { placed: { orderId: order.id, reference: order.reference, amountTotal: amount_total, replayed: false, order: answer }, notes };
  });
}

/** Places the order (the transaction runs again after a serialization failure or deadlock); refusals throw `OrderRefusal`. */
export async function placeOrder(db: Db, req: PlaceRequest, now: Date, log: (line: string) => void): Promise<Placed> {
  const { placed, notes } = await retrying(() => placeOnce(db, req, now));
  for (const line of notes) log(line);
  return placed;
}
