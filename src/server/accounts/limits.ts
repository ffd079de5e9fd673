/** Account limits of §7 "Users and authentication", counted in `rate_limits` by rate-limiter-flexible so every instance shares them. */
import type { Context } from 'hono';
import { waitText } from '../../domain/account.ts';
import type { Db } from '../db/client.ts';
import { consume, drizzleLimiter, tooMany } from '../http/rate-limit.ts';

const MINUTE = 60,
  HOUR = 3600,
  DAY = 24 * HOUR;

/** Every limit: at most `points` uses per key in a window of `seconds`, and the French sentence of a refusal. */
export const ACCOUNT_LIMITS = {
  /** Failed logins of one account (or one unknown name) from one address. */
  loginPair: { points: 10, seconds: 15 * MINUTE, says: 'Trop de tentatives de connexion pour ce compte depuis cette connexion.' },
  /** Failed logins from one address, whatever the account. */
  loginAddress: { points: 20, seconds: 15 * MINUTE, says: 'Trop de tentatives de connexion depuis cette connexion.' },
  /** Sign-ups from one address. */
  signupAddress: { points: 5, seconds: HOUR, says: 'Trop d’inscriptions depuis cette connexion.' },
  /** Code requests from one address: resend, both resets, contact changes. */
  sendAddress: { points: 10, seconds: HOUR, says: 'Trop de demandes de code depuis cette connexion.' },
  /** Codes to one phone number or e-mail address. */
  destinationGap: { points: 1, seconds: MINUTE, says: 'Un code vient d’être demandé pour ce contact (un par minute).' },
  /** Texts to one phone number. */
  phoneDay: { points: 3, seconds: DAY, says: 'Trop de codes demandés aujourd’hui pour ce numéro (3 par jour).' },
  /** E-mails to one address. */
  emailDay: { points: 5, seconds: DAY, says: 'Trop de codes demandés aujourd’hui pour cette adresse e-mail (5 par jour).' },
  /** Wrong codes (sign-up, reset, contact change) from one address, whatever the account. */
  codeAddress: { points: 10, seconds: HOUR, says: 'Trop de codes erronés depuis cette connexion.' },
} as const;

/** A refused use: the seconds to wait and the French sentence that says how long. */
export interface Refusal {
  wait: number;
  message: string;
}

/** A table of limits, each counted per key in `rate_limits` under `prefix:name`. */
export type LimitTable = Readonly<Record<string, { points: number; seconds: number; says: string }>>;

/** Counting over `table`: spend one use, give one back, forget a key; a transaction is a store too, so its counts roll back with it. */
export function limitsOf<T extends LimitTable>(table: T, prefix: string) {
  const limiter = (store: Db, name: keyof T) =>
    drizzleLimiter(store, `${prefix}:${String(name)}`, table[name]!.points, table[name]!.seconds);
  return {
    /** Counts one use of `key` under `name`: null when allowed, else the refusal. */
    async spend(store: Db, name: keyof T, key: string): Promise<Refusal | null> {
      const wait = await consume(limiter(store, name), key);
      return wait ? { wait, message: `${table[name]!.says} Veuillez réessayer dans ${waitText(wait)}.` } : null;
    },
    /** Gives one use back (a try that proved right is not a failure). */
    async refund(store: Db, name: keyof T, key: string): Promise<void> {
      await limiter(store, name).reward(key, 1);
    },
    /** Forgets every use of `key` under `name`. */
    async forget(store: Db, name: keyof T, key: string): Promise<void> {
      await limiter(store, name).delete(key);
    },
  };
}

const accountLimits = limitsOf(ACCOUNT_LIMITS, 'acct');
/** Counts one use of `key` under an account limit: null when allowed, else the refusal. */
export const spend = accountLimits.spend;
/** Gives one use of an account limit back. */
export const refund = accountLimits.refund;
/** Forgets every use of `key` under an account limit. */
export const forget = accountLimits.forget;

/** The 429 answer of a refusal, with `Retry-After`. */
export const refuse = (c: Context, refusal: Refusal) => tooMany(c, refusal.wait, refusal.message);
