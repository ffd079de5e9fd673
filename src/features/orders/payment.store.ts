/** Online payment from the shopper's side (§2 `/payment-state`, §3 browser storage `payment`): go to the provider, retry, or pay on delivery. */
import { paymentStatePath } from '../../domain/orders.ts';
import { checkoutAnswerSchema, type Order } from '../../domain/orders.schema.ts';
import { paymentStateSchema, type PaymentState } from '../../domain/payment-state.ts';
import type { PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { api, callApi } from '../../lib/api.ts';
import { failure, type Via } from './orders.store.ts';
import { $payment, rememberedProvider } from './payment-entry.store.ts';

const UNREACHABLE =
  'Le paiement en ligne n’a pas pu démarrer. Vérifiez votre connexion puis réessayez : votre commande est bien enregistrée.';

/** The order's payment token: the one given, else the one this browser kept for it (a guest has no other proof the order is theirs). */
function tokenFor(reference: string, given: string | null | undefined): string | undefined {
  const saved = $payment.get();
  return given ?? (saved?.order === reference ? saved.token : undefined);
}
/** The header proving the shopper may pay the order (its payment token), when there is one. */
export const paymentProof = (token: string | undefined) => (token ? { 'Payment-Token': token } : undefined);

/**
 * Remembers the order this browser is paying, with its payment token and the provider chosen (§3 `payment`): the one
 * given, else the one already chosen for that order.
 */
export function rememberPayment(reference: string, totalAmount: number, token?: string | null, provider?: PaymentProviderChoice): void {
  const kept = tokenFor(reference, token);
  const chosen = provider ?? rememberedProvider(reference);
  $payment.set({ order: reference, totalAmount, ...(kept ? { token: kept } : {}), ...(chosen ? { provider: chosen } : {}) });
}

/** How a payment starts: the HTTP client, and the provider chosen (else the one this browser chose for the order, else Wave). */
export type PayVia = Via & { provider?: PaymentProviderChoice | undefined };

/** 'Payer maintenant': the provider's page for the order (an open one, or a new session); rejects with the server's French sentence. */
export async function checkoutUrl(
  reference: string,
  totalAmount: number,
  token?: string | null,
  { client = api, provider }: PayVia = {},
): Promise<string> {
  rememberPayment(reference, totalAmount, token, provider);
  const chosen = rememberedProvider(reference);
  try {
    const { url } = await callApi(
      checkoutAnswerSchema,
      'Erreur lors de l’ouverture du paiement',
      `/api/paiement/${encodeURIComponent(reference)}/session`,
      { client, method: 'POST', headers: paymentProof(tokenFor(reference, token)), ...(chosen ? { body: { provider: chosen } } : {}) },
    );
    return url;
  } catch (err) {
    throw new Error(failure(err, UNREACHABLE));
  }
}

/** Right after an order paid 'En ligne' is created: to the provider's page, else to `/payment-state`, which offers the retry. */
export async function payOnline(order: Pick<Order, 'reference' | 'amount_total' | 'payment_token'>, via: PayVia = {}): Promise<void> {
  let target = paymentStatePath(order.reference);
  try {
    target = await checkoutUrl(order.reference, order.amount_total, order.payment_token, via);
  } catch {
    // The payment screen says why and offers 'Payer maintenant' and 'Payer à la livraison'.
  }
  location.assign(target);
}

/** 'Payer à la livraison': the order is paid on delivery from now on; answers where its payment now stands. */
export async function switchToDelivery(reference: string, token?: string | null, { client = api }: Via = {}): Promise<PaymentState> {
  try {
    return await callApi(
      paymentStateSchema,
      'Erreur lors du changement de mode de paiement',
      `/api/paiement/${encodeURIComponent(reference)}/domicile`,
      { client, method: 'POST', headers: paymentProof(tokenFor(reference, token)) },
    );
  } catch (err) {
    throw new Error(failure(err, 'Le mode de paiement n’a pas pu être changé. Vérifiez votre connexion puis réessayez.'));
  }
}
