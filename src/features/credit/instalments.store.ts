/** « Mes échéances » (§6): the member's instalments (`GET /api/echeances`), the providers offered, and paying one online. */
import { checkoutAnswerSchema } from '../../domain/orders.schema.ts';
import { type MyInstalments, myInstalmentsSchema } from '../../domain/instalment-payments.schema.ts';
import { paymentMethodsSchema } from '../../domain/payment-methods.ts';
import type { PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { type ApiClient, api, callApi } from '../../lib/api.ts';
import { failure } from '../orders/order-views.store.ts';

/** What the section shows: loading, the instalments with the providers offered, or a failure to retry. */
export type InstalmentsView =
  | { status: 'loading' }
  | { status: 'ready'; data: MyInstalments; providers: PaymentProviderChoice[] }
  | { status: 'error'; message: string };

// Why the section could not be read, when the server says nothing.
const UNREACHABLE = 'Impossible de charger vos échéances. Vérifiez votre connexion puis réessayez.';

/** Reads the caller's instalments and the providers that take money now; a failure answers the French reason to show. */
export async function readInstalments({ client = api }: { client?: ApiClient } = {}): Promise<InstalmentsView> {
  try {
    const [data, methods] = await Promise.all([
      callApi(myInstalmentsSchema, 'Erreur lors de la récupération des échéances', '/api/echeances', { client }),
      callApi(paymentMethodsSchema, 'Erreur lors de la récupération des moyens de paiement', '/api/paiement/moyens', { client }),
    ]);
    return { status: 'ready', data, providers: methods.providers };
  } catch (err) {
    return { status: 'error', message: failure(err, UNREACHABLE) };
  }
}

/**
 * « Payer » an instalment: the provider's page for instalment `tranche` of order `reference` (an open one, or a new
 * session for its amount); rejects with the server's French sentence.
 */
export async function instalmentCheckoutUrl(
  reference: string,
  tranche: number,
  provider: PaymentProviderChoice,
  { client = api }: { client?: ApiClient } = {},
): Promise<string> {
  try {
    const { url } = await callApi(
      checkoutAnswerSchema,
      'Erreur lors de l’ouverture du paiement',
      `/api/paiement/${encodeURIComponent(reference)}/session`,
      { client, method: 'POST', body: { provider, tranche } },
    );
    return url;
  } catch (err) {
    throw new Error(failure(err, 'Le paiement en ligne n’a pas pu démarrer. Vérifiez votre connexion puis réessayez.'));
  }
}

/** Goes to the provider's page for the instalment; rejects with the French reason when it cannot open. */
export async function payInstalment(reference: string, tranche: number, provider: PaymentProviderChoice): Promise<void> {
  location.assign(await instalmentCheckoutUrl(reference, tranche, provider));
}
