/**
 * Login throttling of §7 get_tokens, as NIST 800-63B asks: failures slow down one (account, address) pair and one
 * address across accounts, never the account itself, so a stranger's wrong passwords cannot lock its owner out.
 */
import { normalizePhone } from '../../domain/account.ts';
import type { Db } from '../db/client.ts';
import { forget, refund, spend, type Refusal } from './limits.ts';

/** The throttling key: the account when it exists, otherwise the name tried (so unknown names behave alike). */
export function loginSubject(userId: number | undefined, username: string): string {
  return userId ? `u:${userId}` : `n:${normalizePhone(username) ?? username.trim().toLowerCase()}`;
}

const pair = (subject: string, address: string) => `${subject}@${address}`;

/** Counts a try before its password is checked, so concurrent guesses cannot slip past: null, or the refusal. */
export async function beginLogin(db: Db, subject: string, address: string): Promise<Refusal | null> {
  return (await spend(db, 'loginAddress', address)) ?? spend(db, 'loginPair', pair(subject, address));
}

/** A right password: the pair starts afresh and the address gets its try back (only failures count). */
export async function loginSucceeded(db: Db, subject: string, address: string): Promise<void> {
  await forget(db, 'loginPair', pair(subject, address));
  await refund(db, 'loginAddress', address);
}
