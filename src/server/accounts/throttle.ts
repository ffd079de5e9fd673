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

/** True when this subject has used up its failures. */
export async function isLocked(db: Db, now: Date, subject: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(loginFailures)
    .where(and(eq(loginFailures.subject, subject), gt(loginFailures.createdAt, new Date(now.getTime() - WINDOW_SECONDS * 1000))));
  return (row?.n ?? 0) >= MAX_LOGIN_FAILURES;
}

/** Records one failure. */
export async function recordFailure(db: Db, now: Date, subject: string): Promise<void> {
  await db.insert(loginFailures).values({ subject, createdAt: now });
}
