/**
 * The online payment providers the shop offers (§2 'En ligne'), for what the server draws: asked of the API
 * (`GET /api/paiement/moyens`) when a page is rendered on demand, or the build's own set on a static page. Server side only.
 */
import { PAYMENT_METHODS_MAX_AGE, paymentMethodsSchema } from '../../domain/payment-methods.ts';
import { paymentProviders, providersIn, type PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { apiBaseURL } from '../catalogue/server-data.ts';

/** The providers the build's settings turned on (scripts/build.mjs, astro.config.mjs), which its static pages name; every provider outside a build. */
export const BUILT_PROVIDERS: readonly PaymentProviderChoice[] =
  typeof import.meta.env.BUILT_PAYMENT_PROVIDERS === 'string'
    ? providersIn(import.meta.env.BUILT_PAYMENT_PROVIDERS.split(','))
    : paymentProviders;

let known: { providers: readonly PaymentProviderChoice[]; until: number } | null = null;
let asking: Promise<readonly PaymentProviderChoice[]> | null = null;

/** Seconds the build's set stands in after the API failed to answer, so a failing API is not asked by every page. */
export const RETRY_AFTER_FAILURE = 5;

async function ask(now: number): Promise<readonly PaymentProviderChoice[]> {
  try {
    const res = await fetch(`${apiBaseURL()}/api/paiement/moyens`, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const { providers } = paymentMethodsSchema.parse(await res.json());
    known = { providers, until: now + PAYMENT_METHODS_MAX_AGE * 1000 };
  } catch (err) {
    console.error('[paiement] moyens de paiement illisibles, ceux de la construction sont proposés :', err);
    known = { providers: BUILT_PROVIDERS, until: now + RETRY_AFTER_FAILURE * 1000 };
  }
  return known.providers;
}

/**
 * The providers that take money now, as the API says (remembered as long as its answer may be kept, since they change
 * only when the shop restarts); the build's set for a few seconds when the API does not answer, the server still judging
 * each payment. Pages rendered at the same moment share one question.
 */
export function shopProviders(now = Date.now()): Promise<readonly PaymentProviderChoice[]> {
  if (known && now < known.until) return Promise.resolve(known.providers);
  asking ??= ask(now).finally(() => {
    asking = null;
  });
  return asking;
}

/** What a page draws with: the build's set when the page is built ahead, else the API's answer now. */
export const providersFor = (page: { isPrerendered: boolean }): Promise<readonly PaymentProviderChoice[]> =>
  page.isPrerendered ? Promise.resolve(BUILT_PROVIDERS) : shopProviders();
