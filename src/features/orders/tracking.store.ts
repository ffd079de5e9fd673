/** Order tracking of §2 `/tracking-order` (§7 `POST /api/tracking`): a reference and the phone or e-mail given with the order. */
import { atom } from 'nanostores';
import { trackedOrderSchema, trackingInputSchema, type TrackedOrder } from '../../domain/orders.schema.ts';
import { api, callApi } from '../../lib/api.ts';
import { fieldErrors } from '../account/form-kit.tsx';
import { failure, type Via } from './orders.store.ts';

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

/** §7 `POST /api/tracking` with `{reference, telephone}` or `{reference, email}`; the server's French sentence when nothing matches (404), the input is wrong (400) or tries run out (429). */
export async function trackOrder(values: { reference: string; contact: Contact; value: string }, { client = api }: Via = {}): Promise<void> {
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
    const order = await callApi(trackedOrderSchema, 'Erreur lors du suivi de la commande', '/api/tracking', { client, method: 'POST', body });
    $tracking.set({ status: 'found', order });
  } catch (err) {
    const field = (err as { data?: { field?: unknown } }).data?.field;
    $tracking.set({ status: 'failed', errors: { [where(field)]: failure(err, OFFLINE) } });
  }
}
