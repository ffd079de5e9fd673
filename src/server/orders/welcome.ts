/** The welcome offer on the server (§1, §9): the retailer's terms, and the reduction an order gets inside its transaction. */
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  DEFAULT_WELCOME,
  welcomeAccountMiss,
  welcomeOn,
  welcomeOrderMiss,
  welcomeReduction,
  type WelcomeMiss,
  type WelcomeOrder,
  type WelcomeTerms,
} from '../../domain/welcome.ts';
import { welcomeTermsSchema } from '../../domain/welcome.schema.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { decodeSetting, readSetting, writeSetting } from '../db/settings.ts';
import { orders } from '../db/schema-orders.ts';
import { settings, users } from '../db/schema.ts';

const KEY = 'welcome_offer';

/** The terms a stored value holds: none, or a damaged one, reads as the §1 defaults. */
const termsOf = (value: string | null | undefined): WelcomeTerms => decodeSetting(value, welcomeTermsSchema) ?? { ...DEFAULT_WELCOME };

/** The terms as the retailer last saved them, or the §1 defaults. A damaged value reads as the defaults. */
export async function welcomeTerms(db: Db): Promise<WelcomeTerms> {
  return (await readSetting(db, KEY, welcomeTermsSchema)) ?? { ...DEFAULT_WELCOME };
}

/** Saves the terms (admin); they apply to the next order placed. */
export const saveWelcomeTerms = (db: Db, terms: WelcomeTerms) => writeSetting(db, KEY, terms);

/** What decides the offer for an account: verified or not, and whether it has an order that was not cancelled (1) or not (0). */
async function accountCase(db: Db, userId: number, lock: boolean): Promise<{ verified: boolean; earlierOrders: number } | null> {
  const query = db.select({ verified: users.isVerified, role: users.role }).from(users).where(eq(users.id, userId));
  const [user] = lock ? await query.for('update') : await query;
  if (!user) return null;
  const earlier = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.state, 'cancel')))
    .limit(1);
  // The offer invites shoppers: a verified customer account, never the back office's.
  return { verified: user.verified && user.role === 'customer', earlierOrders: earlier.length };
}

/** Whether `userId` (null: a guest) would get the offer on an order, and why not; for the checkout's line (`GET /api/offre-bienvenue`). */
export async function welcomeStanding(db: Db, userId: number | null): Promise<{ terms: WelcomeTerms; miss: WelcomeMiss | null }> {
  const terms = await welcomeTerms(db);
  const account = userId === null ? null : await accountCase(db, userId, false);
  return { terms, miss: welcomeAccountMiss(terms, account) };
}

/**
 * The reduction an order gets, read inside its transaction. An account with no order yet has its row locked first, so
 * two first orders of one account placed at once queue there: the second then sees the first and gets nothing.
 */
export async function welcomeInOrder(tx: Db, order: WelcomeOrder & { userId: number | null }): Promise<number> {
  if (order.userId === null) return 0;
  // The terms, and whether the account already has an order, in one query. An order seen there is committed, so the
  // locked read below would see it too: most orders are not a first one and take no lock. Only whether there is one
  // matters (§1), so the search stops at the first.
  const [first] = rowsOf<{ value: string | null; earlier: boolean }>(
    await tx.execute(
      sql`select (select ${settings.value} from ${settings} where ${settings.key} = ${KEY}) as "value",
      exists (select 1 from ${orders} where ${orders.userId} = ${order.userId} and ${orders.state} <> 'cancel') as "earlier"`,
    ),
  );
  const terms = termsOf(first?.value);
  // Nothing to lock when the offer is off or does not reduce this order, whoever the account is.
  if (!welcomeOn(terms) || welcomeOrderMiss(terms, order) !== null || first?.earlier) return 0;
  const account = await accountCase(tx, order.userId, true);
  return welcomeAccountMiss(terms, account) === null ? welcomeReduction(terms, order.lines) : 0;
}
