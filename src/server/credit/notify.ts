/** §6: the member is told by e-mail and SMS when the shop or the parent account approves or refuses their credit order; a failure is logged, the decision stands. */
import { SHOP } from '../../config/shop.ts';
import type { Approver } from '../../domain/credit-approval.ts';
import type { Order } from '../../domain/orders.schema.ts';
import { orderDetailsPath } from '../../domain/orders.ts';
import type { Mailer } from '../mail/mailer.ts';
import { letter } from '../mail/templates.ts';

/** What happened to the member's credit order. */
export type CreditDecision = { kind: 'approved'; by: Approver; confirmed: boolean } | { kind: 'refused'; reason: string };

const WHO: Readonly<Record<Approver, string>> = { shop: 'la boutique', parent: 'votre compte parent' };

/** The sentence of a decision, shared by the e-mail and the SMS. */
function sentence(order: Pick<Order, 'reference'>, d: CreditDecision): string {
  if (d.kind === 'refused')
    return `Votre commande à crédit ${order.reference} a été refusée par votre compte parent : ${d.reason}. Elle est annulée, rien ne vous sera demandé.`;
  const head = `Votre commande à crédit ${order.reference} a été validée par ${WHO[d.by]}.`;
  return d.confirmed
    ? `${head} Elle est confirmée : nous vous appelons pour la livraison.`
    : `${head} Elle attend encore la validation de ${WHO[d.by === 'shop' ? 'parent' : 'shop']}.`;
}

/** Tells the order's contact; resolves once both channels were tried. */
export async function tellCreditDecision(
  mailer: Mailer,
  order: Order,
  decision: CreditDecision,
  siteUrl: string,
  log: (line: string) => void,
): Promise<void> {
  const text = sentence(order, decision);
  const link = `${siteUrl}${encodeURI(orderDetailsPath('creditorder', order.id))}`;
  const tries: Array<Promise<void>> = [];
  if (order.email)
    tries.push(
      mailer.email({
        to: order.email,
        subject: `${SHOP.name} : votre commande à crédit ${order.reference}`,
        text: letter(order.name, [text, '', `Suivre la commande : ${link}`]),
      }),
    );
  if (order.telephone) tries.push(mailer.sms({ to: order.telephone, text: `${SHOP.name} : ${text}` }));
  for (const r of await Promise.allSettled(tries)) {
    if (r.status === 'rejected') log(`[crédit] avis de ${order.reference} non envoyé : ${(r.reason as Error)?.message ?? r.reason}`);
  }
}
