/** 'Payer maintenant' and 'Payer à la livraison' (§2 `/payment-state`): open a checkout for an order, or switch it to payment on delivery. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { INSTALMENT_TEXT, instalmentToPay, paysByInstalments } from '../../domain/instalment-payments.ts';
import { paymentMoveRefusal } from '../../domain/payments.ts';
import type { Db } from '../db/client.ts';
import { orders, orderTranches } from '../db/schema-orders.ts';
import { paymentSessions } from '../db/schema-payments.ts';
import { holdOf, writePayment } from '../orders/moves.ts';
import type { OrderRow } from '../orders/read.ts';
import { OrderRefusal, retrying } from '../orders/refusal.ts';
import { recordEvent } from './apply.ts';
import { hashNotifToken } from './orange-money.ts';
import { methodOf, type PaymentMethod, type PaymentProvider, PaymentsOff, ProviderUnavailable } from './provider.ts';
import { closeSessions } from './reconcile.ts';

/** The French answers of these calls. */
export const PAYMENT_TEXT = {
  notFound: 'Aucune commande ne porte cette référence.',
  paid: 'Cette commande est déjà payée.',
  cancelled: 'Cette commande est annulée : elle ne peut plus être payée.',
  delivered: 'Cette commande est déjà livrée.',
  preparing: 'Le paiement est en cours de préparation : réessayez dans quelques secondes.',
  providerDown:
    'Le service de paiement ne répond pas pour le moment. Votre commande est bien enregistrée : réessayez dans un instant, ou choisissez de payer à la livraison.',
  expired:
    'Le délai pour payer cette commande est dépassé : elle est annulée et ses articles sont remis en vente. Vous pouvez commander à nouveau.',
  notYours:
    'Seule la personne qui a passé cette commande peut la payer ou changer son mode de paiement : ouvrez le lien reçu par SMS ou e-mail, ou connectez-vous au compte qui l’a passée.',
  off: 'Le paiement en ligne n’est pas disponible sur cette boutique pour le moment. Votre commande est bien enregistrée : choisissez de payer à la livraison.',
} as const;

/** Who may act on an order's payment: its owner, an admin, or the bearer of its payment link (routes/payments.ts decides). */
export type MayPay = (o: OrderRow) => boolean;

// A creation call younger than this is still under way: a second tap waits for it rather than open a second session.
const CREATING_MS = 30_000;

/** The order of `reference` (locked unless `lock` is false), once it is known to exist and to be the caller's to pay. */
async function payableOrder(tx: Db, reference: string, may: MayPay, lock = true): Promise<OrderRow> {
  const query = tx.select().from(orders).where(eq(orders.reference, reference));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new OrderRefusal(404, PAYMENT_TEXT.notFound);
  if (!may(row)) throw new OrderRefusal(403, PAYMENT_TEXT.notYours);
  return row;
}

/** Refuses a shopper's payment move the machine does not allow, in the words the payment screen shows. */
function refuseMove(o: OrderRow, to: 'pending' | 'unpaid', now: Date): void {
  if (o.paymentStatus === 'paid') throw new OrderRefusal(409, PAYMENT_TEXT.paid);
  if (o.state === 'cancel') throw new OrderRefusal(409, o.cancelReason === 'hold_expired' ? PAYMENT_TEXT.expired : PAYMENT_TEXT.cancelled);
  if (o.state === 'delivered') throw new OrderRefusal(409, PAYMENT_TEXT.delivered);
  // The hold has ended and the job that gives the stock back is about to run: paying now would pay for nothing held.
  if (o.holdUntil && o.holdUntil <= now) throw new OrderRefusal(409, PAYMENT_TEXT.expired);
  const same = o.paymentStatus === to && (to === 'pending' ? o.paymentMode === 'online' : o.paymentMode === 'domicile');
  const refusal = same ? null : paymentMoveRefusal('shopper', o.paymentStatus, to, o);
  if (refusal) throw new OrderRefusal(409, refusal);
}

/** No provider: the order's own refusals first (unknown, not the caller's, paid, cancelled, delivered), else `PaymentsOff`; nothing is written. */
async function refuseOff(db: Db, reference: string, may: MayPay, now: Date): Promise<never> {
  refuseMove(await payableOrder(db, reference, may, false), 'pending', now);
  throw new PaymentsOff(PAYMENT_TEXT.off);
}

/**
 * Where the shopper pays: an open session's page, or a new session for the order's total (never another amount) — for a
 * pre-order or a credit order, for ONE instalment's amount (`tranche`, else the next unpaid one, src/domain/instalment-payments.ts);
 * a new session first closes those still open at the `others` providers (a payment there that wins the race is flagged
 * for a refund). `ProviderUnavailable` and `PaymentsOff` (no provider) carry the French message.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider | null,
  reference: string,
  may: MayPay,
  siteUrl: string,
  now: Date,
  log: (line: string) => void,
  others: PaymentProvider[] = [],
  tranche?: number,
): Promise<{ url: string }> {
  if (!provider) return refuseOff(db, reference, may, now);
  const claim = await retrying(() =>
    db.transaction(async (tx) => {
      const o = await payableOrder(tx, reference, may);
      const pays = await instalmentOf(tx, o, tranche);
      if (!pays) refuseMove(o, 'pending', now);
      const [last] = await tx
        .select()
        .from(paymentSessions)
        .where(
          and(
            eq(paymentSessions.orderId, o.id),
            eq(paymentSessions.provider, provider.name),
            pays ? eq(paymentSessions.trancheNumber, pays.number) : isNull(paymentSessions.trancheNumber),
          ),
        )
        .orderBy(desc(paymentSessions.id))
        .limit(1);
      if (last?.status === 'open' && last.launchUrl && (!last.expiresAt || last.expiresAt > now)) return { reuse: last.launchUrl };
      if (last?.status === 'creating' && now.getTime() - last.createdAt.getTime() < CREATING_MS)
        throw new OrderRefusal(409, PAYMENT_TEXT.preparing);
      const [row] = await tx
        .insert(paymentSessions)
        .values({
          orderId: o.id,
          provider: provider.name,
          amount: pays?.amount ?? o.amountTotal,
          trancheNumber: pays?.number ?? null,
          currency: 'XOF',
          status: 'creating',
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: paymentSessions.id });
      // An instalment's payment is not the order's: its payment status moves only when its last instalment is paid.
      if (!pays && (o.paymentMode !== 'online' || o.paymentStatus !== 'pending')) {
        const changes = { payment_mode: [o.paymentMode, 'online'], payment_status: [o.paymentStatus, 'pending'] };
        await writePayment(tx, o, { paymentMode: 'online', paymentStatus: 'pending' }, { userId: null, changes }, now);
      }
      return { sessionId: row!.id, amount: pays?.amount ?? o.amountTotal, orderId: o.id, toProfile: !!pays && o.userId !== null };
    }),
  );
  if ('reuse' in claim) return { url: claim.reuse! };
  // Switching provider: the other one's open sessions are closed where it can (Wave); Orange's stay read until they end.
  for (const other of others) await closeSessions(db, other, claim.orderId, now, log);

  // An instalment paid by a customer brings them back to « Mes échéances »; anything else to the payment screen.
  const back = claim.toProfile ? `${siteUrl}${INSTALMENTS_PATH}` : `${siteUrl}/payment-state?ref=${encodeURIComponent(reference)}`;
  try {
    const s = await provider.createCheckout({
      reference,
      amount: claim.amount,
      currency: 'XOF',
      successUrl: back,
      errorUrl: back,
      idempotencyKey: `boutique-session-${claim.sessionId}`,
      attempt: claim.sessionId,
    });
    if (!s.launchUrl) throw new ProviderUnavailable('session sans adresse de paiement');
    await db.transaction(async (tx) => {
      await tx
        .update(paymentSessions)
        .set({ providerId: s.id, launchUrl: s.launchUrl, status: 'open', expiresAt: s.expiresAt, updatedAt: now })
        .where(eq(paymentSessions.id, claim.sessionId));
      // Orange's notif_token, hashed, keyed for an exact lookup when a notification comes (payments/orange-notification.ts).
      if (s.notifToken)
        await recordEvent(
          tx,
          { provider: provider.name, eventId: notifTokenEventId(s.notifToken), type: NOTIF_TOKEN_TYPE },
          `session:${claim.sessionId}`,
          now,
        );
    });
    if (s.expiresAt) await stretchHold(db, claim.orderId, s.expiresAt);
    return { url: s.launchUrl };
  } catch (err) {
    // The order stays pending; the attempt is closed so that the shopper's retry opens a new one.
    await db.update(paymentSessions).set({ status: 'failed', updatedAt: now }).where(eq(paymentSessions.id, claim.sessionId));
    log(`[paiement] ${reference} : ouverture de la session impossible (${(err as Error).message})`);
    throw err instanceof ProviderUnavailable ? new ProviderUnavailable(PAYMENT_TEXT.providerDown) : err;
  }
}

/** Where « Mes échéances » is: the profile's section. */
export const INSTALMENTS_PATH = '/profile#mes-echeances';

/**
 * For a pre-order or a credit order, the instalment a payment pays (`wanted`, else the next unpaid one) or the French
 * refusal; null for any other order (paid in one go), which may not name an instalment.
 */
async function instalmentOf(tx: Db, o: OrderRow, wanted: number | undefined): Promise<{ number: number; amount: number } | null> {
  if (!paysByInstalments(o.typeSale)) {
    if (wanted !== undefined) throw new OrderRefusal(409, INSTALMENT_TEXT.notInstalments);
    return null;
  }
  const lines = await tx
    .select({ number: orderTranches.number, amount: orderTranches.amount, state: orderTranches.state })
    .from(orderTranches)
    .where(eq(orderTranches.orderId, o.id));
  const choice = instalmentToPay({ type_sale: o.typeSale, state: o.state }, lines, wanted);
  if (!choice.ok) throw new OrderRefusal(choice.status, choice.message);
  return choice;
}

/** The `payment_events` type of a stored notif_token; its `outcome` is `session:<our session id>`. */
export const NOTIF_TOKEN_TYPE = 'notif_token';

/** The `payment_events` id under which a session's notif_token is kept: its SHA-256, never the token itself. */
export const notifTokenEventId = (token: string) => `notif_token:${hashNotifToken(token)}`;

/** The hold of an order still waiting covers the checkout session just opened (up to the hold's cap, src/domain/holds.ts). */
async function stretchHold(db: Db, orderId: number, sessionEnds: Date): Promise<void> {
  await retrying(() =>
    db.transaction(async (tx) => {
      const [o] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!o?.holdUntil) return;
      const hold = holdOf(o, sessionEnds);
      if (hold && hold.getTime() !== o.holdUntil.getTime()) await tx.update(orders).set({ holdUntil: hold }).where(eq(orders.id, orderId));
    }),
  );
}

/** 'Payer à la livraison': the order is paid on delivery from now on (a payment that still arrives is kept, see `applySession`). */
export async function payOnDelivery(db: Db, reference: string, may: MayPay, now: Date): Promise<void> {
  await retrying(() =>
    db.transaction(async (tx) => {
      const o = await payableOrder(tx, reference, may);
      if (o.paymentMode === 'domicile' && o.paymentStatus === 'unpaid') return;
      refuseMove(o, 'unpaid', now);
      const changes = { payment_mode: [o.paymentMode, 'domicile'], payment_status: [o.paymentStatus, 'unpaid'] };
      await writePayment(tx, o, { paymentMode: 'domicile', paymentStatus: 'unpaid' }, { userId: null, changes }, now);
    }),
  );
}

/** The method (`wave` or `orange`) of the latest session of the order the shopper can still pay; null when none. */
export async function openSessionMethod(db: Db, orderId: number, now: Date): Promise<PaymentMethod | null> {
  const rows = await db
    .select({
      provider: paymentSessions.provider,
      status: paymentSessions.status,
      expiresAt: paymentSessions.expiresAt,
      createdAt: paymentSessions.createdAt,
    })
    .from(paymentSessions)
    .where(eq(paymentSessions.orderId, orderId))
    .orderBy(desc(paymentSessions.id));
  const open = rows.find(
    (r) =>
      ((r.status === 'open' || r.status === 'failed') && r.expiresAt !== null && r.expiresAt > now) ||
      (r.status === 'creating' && now.getTime() - r.createdAt.getTime() < CREATING_MS),
  );
  return open ? methodOf(open.provider) : null;
}
