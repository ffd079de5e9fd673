/** Code requests of §7 (resend, resets, contact changes) and code guesses, under the account limits. */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Destination } from '../../domain/account.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/client.ts';
import { addressKey } from '../http/client-address.ts';
import { refund, refuse, spend, type Refusal } from './limits.ts';
import { createCode, deliverCode, type CodePurpose } from './otp.ts';

/** Counts a message to a destination on `store`: one a minute, then its daily cap (texts and e-mails apart). */
export async function spendMessage(store: Db, to: Destination): Promise<Refusal | null> {
  const key = `${to.kind}:${to.value}`;
  return (await spend(store, 'destinationGap', key)) ?? spend(store, to.kind === 'phone' ? 'phoneDay' : 'emailDay', key);
}

/** Who a code goes to, when an account answers to what the caller named. */
export interface Recipient {
  userId: number;
  name: string;
  to: Destination[];
}

/** The destinations of a user among the given kinds (those it has). */
export function destinationsOf(
  user: { email: string | null; partnerPhone: string | null },
  kinds: ReadonlyArray<Destination['kind']>,
): Destination[] {
  const all: Destination[] = [];
  if (kinds.includes('email') && user.email) all.push({ kind: 'email', value: user.email.toLowerCase() });
  if (kinds.includes('phone') && user.partnerPhone) all.push({ kind: 'phone', value: user.partnerPhone });
  return all;
}

/**
 * Sends a code the way every reset and resend must: the caller's address and the destination it named are counted
 * whether or not an account answers, so neither the answer nor a refusal tells whether one exists. A destination the
 * caller did not name (the phone of an account named by its e-mail) is skipped without a word when over its own cap.
 * Resolves with the 429 answer, or null when the route answers as usual.
 */
export async function requestCode(
  c: Context<AppEnv>,
  named: Destination,
  recipient: Recipient | undefined,
  purpose: CodePurpose,
  target: string | null = null,
): Promise<Response | null> {
  const { deps } = c.var;
  const refused = (await spend(deps.db, 'sendAddress', addressKey(c))) ?? (await spendMessage(deps.db, named));
  if (refused) return refuse(c, refused);
  if (!recipient) return null;
  const to: Destination[] = [];
  for (const d of recipient.to) {
    const isNamed = d.kind === named.kind && d.value === named.value;
    if (isNamed || !(await spendMessage(deps.db, d))) to.push(d);
  }
  if (to.length > 0) deliverCode(deps, recipient.name, to, purpose, await createCode(deps, deps.db, recipient.userId, purpose, target));
  return null;
}

/** Counts every code tried against the caller's address, across accounts; a right one is given back. */
export const limitCodeGuesses = createMiddleware<AppEnv>(async (c, next) => {
  const { db } = c.var.deps;
  const address = addressKey(c);
  const refused = await spend(db, 'codeAddress', address);
  if (refused) return refuse(c, refused);
  await next();
  if (c.res.ok) await refund(db, 'codeAddress', address);
});
