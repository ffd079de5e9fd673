/** The payment token of an order (§2 `/payment-state`): a short MAC of its reference, given to whoever placed it, that lets them pay it without an account. */
import { createHmac, timingSafeEqual } from 'node:crypto';

// 128 bits of HMAC-SHA-256, base64url: short enough for an SMS link, far beyond guessing.
const LENGTH = 22;

/** The token that proves its bearer received the order `reference` (in the order's answer or its confirmation message). */
export function paymentToken(secret: string, reference: string): string {
  return createHmac('sha256', secret).update(`paiement:${reference}`).digest('base64url').slice(0, LENGTH);
}

/** Whether `token` is the payment token of `reference`, compared in constant time. */
export function isPaymentToken(secret: string, reference: string, token: string | null | undefined): boolean {
  if (!token || token.length !== LENGTH) return false;
  const wanted = Buffer.from(paymentToken(secret, reference));
  const given = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(wanted, given);
}
