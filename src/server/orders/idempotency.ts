/** `Idempotency-Key`: the header a client sends so that a retried order call answers the first order again. */
import { createHash } from 'node:crypto';

/** Why a header value is refused. */
export const BAD_KEY = { message: 'L’en-tête Idempotency-Key est invalide : de 1 à 255 caractères ASCII visibles.' };

/** The key of a request: undefined when absent, null when malformed. */
export function readKey(header: string | undefined): string | undefined | null {
  if (header === undefined) return undefined;
  const key = header.trim();
  return /^[\x21-\x7e]{1,255}$/.test(key) ? key : null;
}

/** What makes two requests "the same": the route and the validated body. */
export function requestHash(route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${JSON.stringify(body)}`)
    .digest('hex');
}
