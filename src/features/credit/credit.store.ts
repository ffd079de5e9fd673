/** §6 the parent account's screen (`/compte-parent`): its members' credit orders awaiting approval, approve or refuse, and its members' schedules. */
import { atom } from 'nanostores';
import * as z from '../../domain/zod.ts';
import { parentMemberSchema, parentOrderSchema, type ParentMember, type ParentOrder } from '../../domain/parent-account.schema.ts';
import { api, callApi, type ApiClient } from '../../lib/api.ts';
import { failure } from '../orders/order-views.store.ts';

/** Which API client to use (the storefront's by default). */
interface Via {
  client?: ApiClient;
}

/** The screen: loading, its two lists, or a failure to retry. */
export type ParentView =
  | { status: 'loading' }
  | { status: 'ready'; pending: ParentOrder[]; members: ParentMember[] }
  | { status: 'error'; message: string };
export const $parentView = atom<ParentView>({ status: 'loading' });

const UNREACHABLE = 'Impossible de charger les commandes de vos membres. Vérifiez votre connexion puis réessayez.';

/** Reads the orders awaiting the parent account's approval and its members' schedules. */
export async function loadParentView({ client = api }: Via = {}): Promise<void> {
  $parentView.set({ status: 'loading' });
  try {
    const [pending, members] = await Promise.all([
      callApi(
        z.array(parentOrderSchema),
        'Erreur lors de la lecture des commandes à valider',
        '/api/compte-parent/commandes?state=pending',
        {
          client,
        },
      ),
      callApi(z.array(parentMemberSchema), 'Erreur lors de la lecture des échéanciers', '/api/compte-parent/membres', { client }),
    ]);
    $parentView.set({ status: 'ready', pending, members });
  } catch (err) {
    $parentView.set({ status: 'error', message: failure(err, UNREACHABLE) });
  }
}

/**
 * After a decision: the order stays in place as it now is (its card says what was done, until the next visit), and the
 * schedules are read again (a confirmed order's schedule runs).
 */
async function decided(order: ParentOrder, client: ApiClient): Promise<ParentOrder> {
  const view = $parentView.get();
  if (view.status === 'ready') $parentView.set({ ...view, pending: view.pending.map((o) => (o.id === order.id ? order : o)) });
  try {
    const members = await callApi(z.array(parentMemberSchema), 'Erreur lors de la lecture des échéanciers', '/api/compte-parent/membres', {
      client,
    });
    const now = $parentView.get();
    if (now.status === 'ready') $parentView.set({ ...now, members });
  } catch {
    // The decision stands; the schedules are read again on the next visit.
  }
  return order;
}

/** Approves the member's credit order; rejects with the server's French sentence. */
export async function approveCreditOrder(id: number, { client = api }: Via = {}): Promise<ParentOrder> {
  try {
    const order = await callApi(parentOrderSchema, 'Erreur lors de la validation', `/api/compte-parent/commandes/${id}/approuver`, {
      client,
      method: 'POST',
    });
    return decided(order, client);
  } catch (err) {
    throw new Error(failure(err, 'La validation n’a pas pu être envoyée. Réessayez.'));
  }
}

/** Refuses the member's credit order with `reason` (shown to the member); rejects with the server's French sentence. */
export async function refuseCreditOrder(id: number, reason: string, { client = api }: Via = {}): Promise<ParentOrder> {
  try {
    const order = await callApi(parentOrderSchema, 'Erreur lors du refus', `/api/compte-parent/commandes/${id}/refuser`, {
      client,
      method: 'POST',
      body: { reason },
    });
    return decided(order, client);
  } catch (err) {
    throw new Error(failure(err, 'Le refus n’a pas pu être envoyé. Réessayez.'));
  }
}
