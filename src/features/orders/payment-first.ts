/** The server's read of `/payment-state` (§2) for its first view: the payment of the order its address names. */
import { COOKIE_SUFFIX, cookieName } from '../account/session-cookies.ts';
import { apiBaseURL } from '../catalogue/server-data.ts';
import { paymentAddress, ReadFailure, readPayment, shownPayment, unreadable, type PaymentScreen } from './payment-screen.store.ts';

/** What the island is given: the order and payment token of the address, and what the screen first shows (null: the island asks). */
export interface PaymentFirst {
  reference: string | null;
  token: string | null;
  first: PaymentScreen | null;
}

/**
 * The screen's first view for the address `search` (asked with the §3 `token` cookie, so the owner gets the order's
 * link, and with the link's payment token). `first` is null when there is no `?ref=` (the island shows the order this
 * browser is paying) or the API gave no answer of its own (unreachable, busy, failing): the island then asks itself.
 */
export async function paymentFirst(
  search: URLSearchParams,
  cookie: (name: string) => string | undefined,
  shopper: string | null = null,
): Promise<PaymentFirst> {
  const { reference, token } = paymentAddress(search);
  return {
    reference,
    token,
    first: reference ? await firstRead(reference, token, cookie(cookieName('token', COOKIE_SUFFIX)), shopper) : null,
  };
}

async function firstRead(
  reference: string,
  token: string | null,
  accessToken: string | undefined,
  forwardedFor: string | null,
): Promise<PaymentScreen | null> {
  // No such order is an answer the screen draws, not a failure worth a log line.
  const log = (message: string, error: unknown) => {
    if (!(error instanceof ReadFailure && error.status === 404)) console.error(message, error);
  };
  try {
    const payment = await readPayment(reference, token, { base: apiBaseURL(), accessToken, log, forwardedFor });
    return payment ? shownPayment(payment) : { status: 'none' };
  } catch (err) {
    // Busy or failing: the browser asks again itself.
    const status = err instanceof ReadFailure ? err.status : 0;
    return status === 0 || status === 429 || status >= 500 ? null : unreadable(err);
  }
}
