/** Login throttling: 10 failures in 15 minutes on one account (or one unknown name) refuse further tries with 429. */
import { and, count, eq, gt } from 'drizzle-orm';
import { normalizePhone } from '../../domain/account.ts';
import type { Db } from '../db/client.ts';
import { loginFailures } from '../db/schema-accounts.ts';

export const MAX_LOGIN_FAILURES = 10;
const WINDOW_SECONDS = 15 * 60;

/** The French 429 body. */
export const tooManyLogins = { message: 'Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.' };

/** The throttling key: the account when it exists, otherwise the name tried (so unknown names behave alike). */
export function loginSubject(userId: number | undefined, username: string): string {
  return userId ? `u:${userId}` : `n:${normalizePhone(username) ?? username.trim().toLowerCase()}`;
}

/**
 * Counts this try against the subject before the password is checked, so concurrent guesses cannot slip past the limit.
 * Returns the try's id (to forget it on success), or null when the subject is locked out.
 */
export async function beginAttempt(db: Db, now: Date, subject: string): Promise<number | null> {
  const [row] = await db.insert(loginFailures).values({ subject, createdAt: now }).returning({ id: loginFailures.id });
  const [seen] = await db.select({ n: count() }).from(loginFailures)
    .where(and(eq(loginFailures.subject, subject), gt(loginFailures.createdAt, new Date(now.getTime() - WINDOW_SECONDS * 1000))));
  if ((seen?.n ?? 0) > MAX_LOGIN_FAILURES) {
    // A refused try is not a failure: the lock ends 15 minutes after the tenth real one.
    await db.delete(loginFailures).where(eq(loginFailures.id, row!.id));
    return null;
  }
  return row!.id;
}

/** Forgets a try that succeeded. */
export async function forgetAttempt(db: Db, id: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}
