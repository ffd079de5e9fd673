/** The credit terms in the back office (§6 « Conditions de crédit »); the only code of that screen that calls the API. */
import { atom } from 'nanostores';
import { creditTermsSchema } from '../../domain/credit-terms.schema.ts';
import type { CreditTerms } from '../../domain/schedule.ts';
import { api, callApi } from '../../lib/api.ts';
import { toast } from '../frame/toast.store.ts';
import { failure } from '../orders/orders.store.ts';
import { into, type Loaded, type Via } from './admin.store.ts';

/** The terms as saved. */
export const $creditTerms = atom<Loaded<CreditTerms>>({ status: 'loading' });

const PATH = '/api/admin/credit/conditions';

/** Reads the terms. */
export const loadCreditTerms = ({ client = api }: Via = {}) =>
  into($creditTerms, () => callApi(creditTermsSchema, 'Erreur lors de la lecture des conditions de crédit', PATH, { client }));

/** Saves the terms; null when done (toasted), else the server's French reason (also toasted). */
export async function saveCreditTerms(terms: CreditTerms, { client = api }: Via = {}): Promise<string | null> {
  try {
    const saved = await callApi(creditTermsSchema, 'Erreur lors de l’enregistrement des conditions de crédit', PATH, {
      client,
      method: 'PUT',
      body: terms,
    });
    $creditTerms.set({ status: 'ready', data: saved });
    toast('Conditions de crédit enregistrées.', { kind: 'success' });
    return null;
  } catch (err) {
    const message = failure(err, 'Enregistrement impossible. Vérifiez votre connexion puis réessayez.');
    toast(message, { kind: 'error' });
    return message;
  }
}
