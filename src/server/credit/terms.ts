/** §6 credit terms as the retailer set them in the back office, kept in `settings` and shared by every instance. */
import { creditTermsSchema } from '../../domain/credit-terms.schema.ts';
import { DEFAULT_CREDIT_TERMS, type CreditTerms } from '../../domain/schedule.ts';
import type { Db } from '../db/client.ts';
import { readSetting, writeSetting } from '../db/settings.ts';

const KEY = 'credit_terms';

/** The terms in force: the retailer's, or the defaults until they set any (a stored value that no longer decodes counts as none). */
export async function readCreditTerms(db: Db): Promise<CreditTerms> {
  return (await readSetting(db, KEY, creditTermsSchema)) ?? DEFAULT_CREDIT_TERMS;
}

/** Replaces the terms; orders already placed keep the schedule they were given. */
export const writeCreditTerms = (db: Db, terms: CreditTerms) => writeSetting(db, KEY, terms);

/** The French refusal of a number of months the terms do not offer; null when offered. */
export function monthsRefusal(terms: CreditTerms, months: number): string | null {
  if (terms.months.includes(months)) return null;
  const offered = terms.months.map(String);
  const list = offered.length > 1 ? `${offered.slice(0, -1).join(', ')} ou ${offered.at(-1)}` : offered[0];
  return `Durée non proposée : choisissez ${list} mois.`;
}
