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
import { orders } from '../db/schema-orders.ts';
import { settings, users } from '../db/schema.ts';

const KEY = 'welcome_offer';

/** The terms as the retailer last saved them, or the §1 defaults. A damaged value reads as the defaults. */
export async function welcomeTerms(db: Db): Promise<WelcomeTerms> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  if (!row) return { ...DEFAULT_WELCOME };
  try {
    const parsed = welcomeTermsSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : { ...DEFAULT_WELCOME };
  } catch {
    return { ...DEFAULT_WELCOME };
  }
}

/** Saves the terms (admin); they apply to the next order placed. */
export async function saveWelcomeTerms(db: Db, terms: WelcomeTerms): Promise<void> {
  const value = JSON.stringify(terms);
  await db.insert(settings).values({ key: KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/** What decides the offer for an account: verified or not, and how many of its orders were not cancelled. */
async function accountCase(db: Db, userId: number, lock: boolean): Promise<{ verified: boolean; earlierOrders: number } | null> {
  const query = db.select({ verified: users.isVerified, role: users.role }).from(users).where(eq(users.id, userId));
  const [user] = lock ? await query.for('update') : await query;
  if (!user) return null;
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, userId), ne(orders.state, 'cancel')));
  // The offer invites shoppers: a verified customer account, never the back office's.
  return { verified: user.verified && user.role === 'customer', earlierOrders: counted?.n ?? 0 };
}

/** Whether `userId` (null: a guest) would get the offer on an order, and why not; for the checkout's line (`GET /api/offre-bienvenue`). */
export async function welcomeStanding(db: Db, userId: number | null): Promise<{ terms: WelcomeTerms; miss: WelcomeMiss | null }> {
  const terms = await welcomeTerms(db);
  const account = userId === null ? null : await accountCase(db, userId, false);
  return { terms, miss: welcomeAccountMiss(terms, account) };
}

/**
 * The reduction an order gets, read inside its transaction. The account's row is locked first, so two first orders of
 * one account placed at once queue there: the second then counts the first and gets nothing.
 */
export async function welcomeInOrder(tx: Db, order: WelcomeOrder & { userId: number | null }): Promise<number> {
  if (order.userId === null) return 0;
  const terms = await welcomeTerms(tx);
  // Nothing to lock when the offer is off or does not reduce this order, whoever the account is.
  if (!welcomeOn(terms) || welcomeOrderMiss(terms, order) !== null) return 0;
  const account = await accountCase(tx, order.userId, true);
  return welcomeAccountMiss(terms, account) === null ? welcomeReduction(terms, order.lines) : 0;
}
