/** The welcome offer's terms in the back office (§1, §9: "Offre de bienvenue"); the only code of that screen that calls the API. */
import { atom } from 'nanostores';
import type { WelcomeTerms } from '../../domain/welcome.ts';
import { welcomeTermsSchema } from '../../domain/welcome.schema.ts';
import { api, callApi } from '../../lib/api.ts';
import { toast } from '../frame/toast.store.ts';
import { failure } from '../orders/orders.store.ts';
import { into, type Loaded, type Via } from './admin.store.ts';

/** The terms as saved. */
export const $welcomeTerms = atom<Loaded<WelcomeTerms>>({ status: 'loading' });

const PATH = '/api/admin/offre-bienvenue';

/** Reads the terms. */
export const loadWelcomeTerms = ({ client = api }: Via = {}) =>
  into($welcomeTerms, () => callApi(welcomeTermsSchema, 'Erreur lors de la lecture de l’offre', PATH, { client }));

/** Saves the terms; null when done (toasted), else the server's French reason (also toasted). */
export async function saveWelcomeTerms(terms: WelcomeTerms, { client = api }: Via = {}): Promise<string | null> {
  try {
    const saved = await callApi(welcomeTermsSchema, 'Erreur lors de l’enregistrement de l’offre', PATH, {
      client,
      method: 'PUT',
      body: terms,
    });
    $welcomeTerms.set({ status: 'ready', data: saved });
    toast(saved.active ? 'Offre de bienvenue enregistrée.' : 'Offre de bienvenue désactivée.', { kind: 'success' });
    return null;
  } catch (err) {
    const message = failure(err, 'Enregistrement impossible. Vérifiez votre connexion puis réessayez.');
    toast(message, { kind: 'error' });
    return message;
  }
}
