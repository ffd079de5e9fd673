/** §6 credit terms as the retailer set them in the back office, kept in `settings` and shared by every instance. */
import { eq } from 'drizzle-orm';
import { creditTermsSchema } from '../../domain/credit-terms.schema.ts';
import { DEFAULT_CREDIT_TERMS, type CreditTerms } from '../../domain/schedule.ts';
import * as z from '../../domain/zod.ts';
import type { Db } from '../db/client.ts';
import { settings } from '../db/schema.ts';

const KEY = 'credit_terms';

/** The terms in force: the retailer's, or the defaults until they set any (a stored value that no longer decodes counts as none). */
export async function readCreditTerms(db: Db): Promise<CreditTerms> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  if (!row) return DEFAULT_CREDIT_TERMS;
  let stored: unknown;
  try {
    stored = JSON.parse(row.value);
  } catch {
    return DEFAULT_CREDIT_TERMS;
  }
  const parsed = z.safeParse(creditTermsSchema, stored);
  return parsed.success ? parsed.data : DEFAULT_CREDIT_TERMS;
}

/** Replaces the terms; orders already placed keep the schedule they were given. */
export async function writeCreditTerms(db: Db, terms: CreditTerms): Promise<void> {
  const value = JSON.stringify(terms);
  await db.insert(settings).values({ key: KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** The French refusal of a number of months the terms do not offer; null when offered. */
export function monthsRefusal(terms: CreditTerms, months: number): string | null {
  if (terms.months.includes(months)) return null;
  const offered = terms.months.map(String);
  const list = offered.length > 1 ? `${offered.slice(0, -1).join(', ')} ou ${offered.at(-1)}` : offered[0];
  return `Durée non proposée : choisissez ${list} mois.`;
}
