/** One-time codes: 4 crypto-random digits, HMAC-stored, 10 minutes, single use, 5 tries, send limits. */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { otpCodes, otpSends } from '../db/schema-accounts.ts';
import type { Deps } from '../context.ts';
import { codeEmail, codeSms, type CodePurpose } from '../mail/templates.ts';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
const SEND_GAP_SECONDS = 60;
const SENDS_PER_HOUR = 5;

const hashCode = (secret: string, id: number, code: string) => createHmac('sha256', secret).update(`otp:${id}:${code}`).digest('base64url');

/** Reserves a send for this account and phone: false when one was sent in the last 60 s or 5 in the last hour. */
export async function reserveSend(db: Db, now: Date, userId: number, phone: string | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialises concurrent sends for one account and one phone, so two requests cannot both pass the check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:u:${userId}`}))`);
    if (phone) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:p:${phone}`}))`);
    const who = phone ? or(eq(otpSends.userId, userId), eq(otpSends.phone, phone)) : eq(otpSends.userId, userId);
    const since = (s: number) => new Date(now.getTime() - s * 1000);
    const [recent] = await tx.select({ n: count() }).from(otpSends).where(and(who, gt(otpSends.createdAt, since(SEND_GAP_SECONDS))));
    if ((recent?.n ?? 0) > 0) return false;
    const [hour] = await tx.select({ n: count() }).from(otpSends).where(and(who, gt(otpSends.createdAt, since(3600))));
    if ((hour?.n ?? 0) >= SENDS_PER_HOUR) return false;
    await tx.insert(otpSends).values({ userId, phone, createdAt: now });
    return true;
  });
}

/** The account a code goes to. */
export interface CodeRecipient { id: number; name: string; email: string | null; partnerPhone: string | null }

/** Issues a new code (killing the previous one) and sends it on the given channels; false when the send limits refuse. */
export async function issueCode(deps: Deps, user: CodeRecipient, purpose: CodePurpose, channels: Array<'email' | 'sms'>): Promise<boolean> {
  const { db, now, tokens, mailer } = deps;
  const at = now();
  if (!(await reserveSend(db, at, user.id, user.partnerPhone))) return false;
  const code = String(randomInt(0, 10 ** 4)).padStart(4, '0');
  await db.update(otpCodes).set({ usedAt: at }).where(and(eq(otpCodes.userId, user.id), eq(otpCodes.purpose, purpose), isNull(otpCodes.usedAt)));
  await db.insert(otpCodes).values({
    userId: user.id, purpose, codeHash: hashCode(tokens.secret, user.id, code), expiresAt: new Date(at.getTime() + OTP_TTL_SECONDS * 1000), createdAt: at,
  });
  const sends: Promise<void>[] = [];
  if (channels.includes('email') && user.email) sends.push(mailer!.email({ to: user.email, ...codeEmail(purpose, user.name, code) }));
  if (channels.includes('sms') && user.partnerPhone) sends.push(mailer!.sms({ to: user.partnerPhone, text: codeSms(purpose, code) }));
  const results = await Promise.allSettled(sends);
  // The code stays valid if one channel fails; the reason is logged without the code.
  for (const r of results) if (r.status === 'rejected') console.error('[mail] envoi du code impossible :', r.reason instanceof Error ? r.reason.message : r.reason);
  return true;
}

/** Checks a code: every try uses one of 5 attempts atomically; a right code is consumed. */
export async function checkCode(deps: Deps, userId: number, purpose: CodePurpose, code: string): Promise<'ok' | 'invalid'> {
  const { db, now, tokens } = deps;
  const at = now();
  const [live] = await db.select({ id: otpCodes.id }).from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), isNull(otpCodes.usedAt), gt(otpCodes.expiresAt, at)))
    .orderBy(sql`${otpCodes.id} desc`).limit(1);
  if (!live) return 'invalid';
  // Conditional increment: of any number of concurrent guesses, at most 5 get a try.
  const [tried] = await db.update(otpCodes).set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, live.id), isNull(otpCodes.usedAt), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)))
    .returning({ codeHash: otpCodes.codeHash });
  if (!tried) return 'invalid';
  const given = Buffer.from(hashCode(tokens.secret, userId, code));
  const stored = Buffer.from(tried.codeHash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return 'invalid';
  const [claimed] = await db.update(otpCodes).set({ usedAt: at }).where(and(eq(otpCodes.id, live.id), isNull(otpCodes.usedAt))).returning({ id: otpCodes.id });
  return claimed ? 'ok' : 'invalid';
}
