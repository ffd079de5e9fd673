/** Order attempts (§7 orders): what makes a retry the same order for the server. */
import { orderSchema, type Order } from '../../domain/orders.schema.ts';
import { callApi, type ApiClient } from '../../lib/api.ts';

/**
 * One `Idempotency-Key` per attempt: the same content again (a retry after a lost answer, a second tap) reuses the key and
 * the exact body first built, so its `commitment_date` does not change and the server answers the first order again.
 * Other content is a new attempt with a new key.
 */
export function attempts<B>() {
  let current: { key: string; fingerprint: string; body: B } | null = null;
  return {
    for(content: unknown, build: () => B) {
      const fingerprint = JSON.stringify(content);
      if (current?.fingerprint !== fingerprint) current = { key: crypto.randomUUID(), fingerprint, body: build() };
      return current;
    },
    /** The server acknowledged the order: the next one is a new attempt. */
    done() {
      current = null;
    },
  };
}

/** §7 order call: POSTs `body` to `path` with its attempt's `Idempotency-Key`, and answers the order made. */
export const postOrder = (path: string, body: Record<string, unknown>, key: string, client: ApiClient): Promise<Order> =>
  callApi(orderSchema, 'Erreur lors de la création du modèle', path, { client, method: 'POST', body, headers: { 'Idempotency-Key': key } });
