/** Retention of the account tables (§7 "Users and authentication"), of the message outbox and of search terms: what can no longer be used is deleted on a schedule. */
import { and, eq, gt, isNotNull, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { FAILED_KEPT_DAYS, SENT_KEPT_DAYS } from '../../domain/message-retry.ts';
import { otpCodes } from '../db/schema-accounts.ts';
import { outboxMessages } from '../db/schema-messages.ts';
import { rateLimits } from '../db/schema-orders.ts';
import { searchTermDays, searchTerms } from '../db/schema-search.ts';
import { refreshTokens, sessions } from '../db/schema.ts';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
/** How long a used refresh token is kept, so that a replay of it still revokes its session. */
const REPLAY_WINDOW_MS = 24 * HOUR;
// A session is written just before its first refresh token: a younger one without a token is being opened, not dead.
const OPENING_MS = HOUR;
/** Days a search term is kept as sent (with who sent it); its day's count stays in `search_term_days`. */
export const SEARCH_TERMS_KEPT_DAYS = 7;
/** Days the counts per day are kept. */
export const SEARCH_DAYS_KEPT = 400;

/** What one sweep deleted. */
export interface Swept {
  codes: number;
  limits: number;
  sessions: number;
  refreshTokens: number;
  searchTerms: number;
  searchDays: number;
  /** Outbox rows: sent ones after SENT_KEPT_DAYS, failed ones after FAILED_KEPT_DAYS. */
  messages: number;
}

/** Deletes used or expired codes, limit windows that ended, ended sessions, refresh tokens expired or used long enough ago, old outbox messages and old search terms. */
export async function sweep(db: Db, now: Date): Promise<Swept> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const codes = await db
    .delete(otpCodes)
    .where(or(isNotNull(otpCodes.usedAt), lte(otpCodes.expiresAt, now)))
    .returning({ id: otpCodes.id });
  const limits = await db.delete(rateLimits).where(lte(rateLimits.expire, now)).returning({ key: rateLimits.key });
  const tokens = await db
    .delete(refreshTokens)
    .where(or(lte(refreshTokens.expiresAt, now), lt(refreshTokens.usedAt, ago(REPLAY_WINDOW_MS))))
    .returning({ h: refreshTokens.tokenHash });
  // Ended: logged out or revoked, or left with no refresh token that could still be used (its tokens cascade with it).
  const ended = await db
    .delete(sessions)
    .where(
      or(
        isNotNull(sessions.revokedAt),
        and(
          lt(sessions.createdAt, ago(OPENING_MS)),
          notExists(
            db
              .select({ one: sql`1` })
              .from(refreshTokens)
              .where(and(eq(refreshTokens.sessionId, sessions.id), isNull(refreshTokens.usedAt), gt(refreshTokens.expiresAt, now))),
          ),
        ),
      ),
    )
    .returning({ id: sessions.id });
  const terms = await db
    .delete(searchTerms)
    .where(lt(searchTerms.createdAt, ago(SEARCH_TERMS_KEPT_DAYS * DAY)))
    .returning({ id: searchTerms.id });
  const oldestDay = ago(SEARCH_DAYS_KEPT * DAY)
    .toISOString()
    .slice(0, 10);
  const days = await db.delete(searchTermDays).where(lt(searchTermDays.day, oldestDay)).returning({ day: searchTermDays.day });
  const sent = await db
    .delete(outboxMessages)
    .where(
      or(
        and(eq(outboxMessages.state, 'sent'), lt(outboxMessages.sentAt, ago(SENT_KEPT_DAYS * DAY))),
        and(eq(outboxMessages.state, 'failed'), lt(outboxMessages.createdAt, ago(FAILED_KEPT_DAYS * DAY))),
      ),
    )
    .returning({ id: outboxMessages.id });
  return {
    codes: codes.length,
    limits: limits.length,
    sessions: ended.length,
    refreshTokens: tokens.length,
    searchTerms: terms.length,
    searchDays: days.length,
    messages: sent.length,
  };
}
