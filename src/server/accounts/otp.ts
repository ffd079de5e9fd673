/** One-time codes of §4 and §9: 4 crypto-random digits, HMAC-stored, 10 minutes, single use, 5 tries. */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Destination } from '../../domain/account.ts';
import type { Db } from '../db/client.ts';
import { otpCodes } from '../db/schema-accounts.ts';
import type { Deps } from '../context.ts';
import { codeEmail, codeSms, type CodePurpose } from '../mail/templates.ts';

export type { CodePurpose };
/** How long a code lives. */
const OTP_TTL_SECONDS = 10 * 60;
/** Tries on one code before it is dead. */
const OTP_MAX_ATTEMPTS = 5;

const hashCode = (secret: string, id: number, code: string) => createHmac('sha256', secret).update(`otp:${id}:${code}`).digest('base64url');

/** Makes a new code for a user and purpose on `store` (a transaction, or the database), killing the live one; `target` is the new contact value it confirms. */
export async function createCode(
  deps: Deps,
  store: Db,
  userId: number,
  purpose: CodePurpose,
  target: string | null = null,
): Promise<string> {
  const at = deps.now();
  const code = String(randomInt(0, 10 ** 4)).padStart(4, '0');
  await store
    .update(otpCodes)
    .set({ usedAt: at })
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), isNull(otpCodes.usedAt)));
  await store.insert(otpCodes).values({
    userId,
    purpose,
    target,
    codeHash: hashCode(deps.tokens.secret, userId, code),
    expiresAt: new Date(at.getTime() + OTP_TTL_SECONDS * 1000),
    createdAt: at,
  });
  return code;
}

/** Sends a code to each destination without waiting for the gateways, so an answer takes as long whether or not anything is sent. */
export function deliverCode(deps: Deps, name: string, to: readonly Destination[], purpose: CodePurpose, code: string): void {
  const { mailer } = deps;
  for (const d of to) {
    const sent =
      d.kind === 'email'
        ? mailer!.email({ to: d.value, ...codeEmail(purpose, name, code) })
        : mailer!.sms({ to: d.value, text: codeSms(purpose, code) });
    // The code stays valid if one channel fails; the reason is logged without the code.
    sent.catch((err: unknown) => deps.log(`[mail] envoi du code impossible : ${err instanceof Error ? err.message : String(err)}`));
  }
}

/** Checks a code: every try uses one of 5 attempts atomically; a right code is consumed and answers its target. */
export async function checkCode(deps: Deps, userId: number, purpose: CodePurpose, code: string): Promise<{ target: string | null } | null> {
  const { db, now, tokens } = deps;
  const at = now();
  const [live] = await db
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), isNull(otpCodes.usedAt), gt(otpCodes.expiresAt, at)))
    .orderBy(sql`${otpCodes.id} desc`)
    .limit(1);
  if (!live) return null;
  // Conditional increment: of any number of concurrent guesses, at most 5 get a try.
  const [tried] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, live.id), isNull(otpCodes.usedAt), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)))
    .returning({ codeHash: otpCodes.codeHash });
  if (!tried) return null;
  const given = Buffer.from(hashCode(tokens.secret, userId, code));
  const stored = Buffer.from(tried.codeHash);
  if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
  const [claimed] = await db
    .update(otpCodes)
    .set({ usedAt: at })
    .where(and(eq(otpCodes.id, live.id), isNull(otpCodes.usedAt)))
    .returning({ target: otpCodes.target });
  return claimed ?? null;
}

/** The new contact values of a user whose code is still live (not used, not expired, tries left). */
export async function pendingTargets(deps: Deps, userId: number): Promise<Array<{ purpose: CodePurpose; target: string | null }>> {
  return deps.db
    .select({ purpose: otpCodes.purpose, target: otpCodes.target })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.userId, userId),
        inArray(otpCodes.purpose, ['email', 'phone']),
        isNull(otpCodes.usedAt),
        gt(otpCodes.expiresAt, deps.now()),
        lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
      ),
    );
}
