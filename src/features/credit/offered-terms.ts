/**
 * The credit terms (§6: the numbers of monthly instalments offered and their due day) for what the server draws, asked of
 * the API (`GET /api/credit/conditions`) when the page is rendered. Server side only.
 */
import { creditTermsSchema } from '../../domain/credit-terms.schema.ts';
import { DEFAULT_CREDIT_TERMS, type CreditTerms } from '../../domain/schedule.ts';
import { apiBaseURL } from '../catalogue/server-data.ts';

/** The terms the API answers now; the default terms when it does not answer (the server still judges the months at the order). */
export async function shopCreditTerms(): Promise<CreditTerms> {
  try {
    const res = await fetch(`${apiBaseURL()}/api/credit/conditions`, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return creditTermsSchema.parse(await res.json());
  } catch (err) {
    console.error('[crédit] conditions illisibles, celles par défaut sont proposées :', err);
    return DEFAULT_CREDIT_TERMS;
  }
}
