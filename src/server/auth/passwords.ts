/** Password hashing with scrypt (N=2^15, r=8, p=1), stored as `scrypt$N$r$p$salt$hash`. */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost for every password a shopper or an admin sets (2^15: about 50–170 ms of one core). */
export const PASSWORD_COST = 2 ** 15;
const r = 8,
  p = 1,
  KEYLEN = 32;

function scrypt(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEYLEN, { ...opts, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/**
 * Hashes a password with a fresh salt at PASSWORD_COST. A hash keeps its own cost, which verifyPassword reads back: the
 * tests' fixture accounts are hashed cheaper (`cost`), so that the suite's many logins do not each take scrypt's full cost.
 */
export async function hashPassword(password: string, cost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N: cost, r, p });
  return ['scrypt', cost, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(rr), p: Number(pp) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Checked against when the user does not exist, so both failures take the same time.
let decoy: Promise<string> | undefined;
/** A hash of nothing, for constant-time refusals of unknown users. */
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
