/** Order tracking of §2 `/tracking-order` (§7 `POST /api/tracking`): a reference and the phone or e-mail given with the order. */
import { atom } from 'nanostores';
import type { TrackedOrder } from '../../domain/orders.schema.ts';
import { fieldErrors } from '../account/form-kit.tsx';
import type { Via } from './orders.store.ts';

/** Which contact the shopper follows the order with. */
export type Contact = 'telephone' | 'email';

/** The tracking screen: nothing asked yet, a search under way, the order found, or why not (each message beside its field, `form` for the rest). */
export type TrackingView =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'found'; order: TrackedOrder }
  | { status: 'failed'; errors: Partial<Record<'reference' | 'contact' | 'form', string>> };
export const $tracking = atom<TrackingView>({ status: 'idle' });

const OFFLINE = 'Impossible de joindre la boutique. Vérifiez votre connexion puis réessayez.';
const where = (field: unknown) => (field === 'reference' ? 'reference' : field === 'telephone' || field === 'email' ? 'contact' : 'form');

// The schemas (zod) and the API client come with the first search, so the screen wakes with React and its form only.
const searchModules = () =>
  Promise.all([import('../../domain/orders.schema.ts'), import('../../lib/api.ts'), import('./orders.store.ts')]).catch(() => null);

/** §7 `POST /api/tracking` with `{reference, telephone}` or `{reference, email}`; the server's French sentence when nothing matches (404), the input is wrong (400) or tries run out (429). */
export async function trackOrder(values: { reference: string; contact: Contact; value: string }, via: Via = {}): Promise<void> {
  const modules = await searchModules();
  if (!modules) return $tracking.set({ status: 'failed', errors: { form: OFFLINE } });
  const [{ trackedOrderSchema, trackingInputSchema }, { api, callApi }, { failure }] = modules;
  const input = { reference: values.reference, [values.contact]: values.value };
  const parsed = trackingInputSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    $tracking.set({ status: 'failed', errors: { reference: errors.reference, contact: errors.telephone ?? errors.email } });
    return;
  }
  $tracking.set({ status: 'busy' });
  const body = { reference: parsed.data.reference, [values.contact]: parsed.data[values.contact] };
  try {
    const order = await callApi(trackedOrderSchema, 'Erreur lors du suivi de la commande', '/api/tracking', {
      client: via.client ?? api,
      method: 'POST',
      body,
    });
    $tracking.set({ status: 'found', order });
  } catch (err) {
    const field = (err as { data?: { field?: unknown } }).data?.field;
    $tracking.set({ status: 'failed', errors: { [where(field)]: failure(err, OFFLINE) } });
  }
}
