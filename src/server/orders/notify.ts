/** The confirmation sent once an order is committed: e-mail and SMS; a failure is logged and never undoes the order. */
import type { Order } from '../../domain/orders.schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { orderEmail, orderSms } from '../mail/templates.ts';

/** Sends what it can to the order's contact; resolves once both channels have been tried. */
export async function confirmOrder(mailer: Mailer, order: Order, siteUrl: string, log: (line: string) => void): Promise<void> {
  const tries: Array<Promise<void>> = [];
  if (order.email) tries.push(mailer.email({ to: order.email, ...orderEmail(order, siteUrl) }));
  if (order.telephone) tries.push(mailer.sms({ to: order.telephone, text: orderSms(order, siteUrl) }));
  const results = await Promise.allSettled(tries);
  for (const r of results) {
    if (r.status === 'rejected')
      log(`[commandes] confirmation de ${order.reference} non envoyée : ${(r.reason as Error)?.message ?? r.reason}`);
  }
}
