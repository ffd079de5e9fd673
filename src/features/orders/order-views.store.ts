/**
 * What the order screens show (§2 order details, the profile's list), apart from the API client: their islands draw from
 * here when woken, and load the actions (`orders.store.ts`, with the API client and zod) on the first one.
 */
import { atom } from 'nanostores';
import type { Order } from '../../domain/orders.schema.ts';

/** The details screen: loading, the order, not found (or not the caller's), or a failure to retry. */
export type OrderView =
  | { status: 'loading' }
  | { status: 'ready'; order: Order }
  | { status: 'missing' }
  | { status: 'error'; message: string };
export const $orderView = atom<OrderView>({ status: 'loading' });

/** The profile's list, newest first; null until loaded. */
export const $myOrders = atom<Order[] | null>(null);

/** The server's French sentence, else `fallback`. */
export function failure(err: unknown, fallback: string): string {
  const m = (err as { data?: { message?: unknown } })?.data?.message;
  return typeof m === 'string' && m ? m : fallback;
}

/** Shows an order view without asking the API: the server's read for the first view, or why the order cannot be read. */
export function showOrder(view: OrderView): void {
  $orderView.set(view);
}

/** Shows the profile's list the server read for the first view, without asking again. */
export function showOrders(orders: Order[]): void {
  $myOrders.set(orders);
}

/** The order actions (§7 calls), loaded on the first one. */
export const orderActions = () => import('./orders.store.ts');
