/** A shopper's orders (§7 "Orders"): the one shown on a details screen, the profile's list, cancel and removal. */
import * as z from '../../domain/zod.ts';
import { orderSchema, type Order } from '../../domain/orders.schema.ts';
import { api, callApi, type ApiClient } from '../../lib/api.ts';
import { $myOrders, $orderView, failure } from './order-views.store.ts';

// The other stores read the server's sentence from here.
export { failure };

/** Which API client to use (the storefront's by default). */
export interface Via {
  client?: ApiClient;
}

const statusOf = (err: unknown) => (err as { status?: number })?.status;

/** §7 `GET /api/getcommande/{id}` into `$orderView`. */
export async function loadOrder(id: number, { client = api }: Via = {}): Promise<void> {
  $orderView.set({ status: 'loading' });
  try {
    $orderView.set({
      status: 'ready',
      order: await callApi(orderSchema, 'Erreur lors de la récupération de la commande', `/api/getcommande/${id}`, { client }),
    });
  } catch (err) {
    $orderView.set(
      statusOf(err) === 404
        ? { status: 'missing' }
        : { status: 'error', message: failure(err, 'Impossible de charger la commande. Vérifiez votre connexion puis réessayez.') },
    );
  }
}

async function act(path: string, log: string, client: ApiClient): Promise<Order> {
  const order = await callApi(orderSchema, log, path, { client });
  $orderView.set({ status: 'ready', order });
  return order;
}

/** §7 `GET /api/commande/{id}/annuler`: the shown order becomes the cancelled one; a refusal rejects with the server's message. */
export const cancelOrder = (id: number, { client = api }: Via = {}) =>
  act(`/api/commande/${id}/annuler`, 'Erreur lors de l’annulation de la commande', client);

/** §7 `GET /api/commande/{id}/delete`: takes a cancelled order off the shopper's list. */
export const removeOrder = (id: number, { client = api }: Via = {}) =>
  act(`/api/commande/${id}/delete`, 'Erreur lors de la suppression de la commande', client);

/** §7 `GET /api/commandes/{id}` into `$myOrders`. */
export async function loadMyOrders(userId: number, { client = api }: Via = {}): Promise<void> {
  $myOrders.set(
    await callApi(z.array(orderSchema), 'Erreur lors de la récupération des commandes', `/api/commandes/${userId}`, { client }),
  );
}
