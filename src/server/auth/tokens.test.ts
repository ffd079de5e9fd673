import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { type TokenConfig, verifyAccess } from './tokens.ts';

const SECRET = 'a-secret-for-the-token-tests-0123456789';
const at = (iso: string) => new Date(iso);
const config = (now: Date, secret = SECRET): TokenConfig => ({ secret, accessTtl: 900, refreshTtl: 3600, now: () => now });

/** An access token as the shop signs it, issued at `iat` (seconds) and living 900 s. */
const token = (iat: number, secret = SECRET, claims: Record<string, unknown> = { sid: 'S-1', role: 'customer' }) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('7')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 900)
    .sign(new TextEncoder().encode(secret));

describe('verifyAccess: a token checked once is remembered, never past its expiry nor under another secret', () => {
  const issued = Math.floor(at('2026-11-21T10:00:00Z').getTime() / 1000);

  it.each<[string, string, number, boolean]>([
    ['within its life', '2026-11-21T10:10:00Z', 0, true],
    ['at its expiry', '2026-11-21T10:15:00Z', 0, false],
    ['after its expiry', '2026-11-21T10:20:00Z', 0, false],
    ['after its expiry, within the grace', '2026-11-21T10:20:00Z', 600, true],
    ['after its expiry and the grace', '2026-11-21T10:30:00Z', 600, false],
  ])('checked then read again %s', async (_, when, grace, valid) => {
    const t = await token(issued);
    expect(await verifyAccess(config(at('2026-11-21T10:00:01Z')), t)).toMatchObject({ sub: 7, sid: 'S-1', role: 'customer' });
    // The same answer as a first check at that time would give (a fresh token of the same claims, never remembered).
    const fresh = await token(issued, SECRET, { sid: 'S-1', role: 'customer', n: when + grace });
    expect(Boolean(await verifyAccess(config(at(when)), fresh, grace))).toBe(valid);
    expect(Boolean(await verifyAccess(config(at(when)), t, grace))).toBe(valid);
  });

  it('refuses a remembered token under another secret, and one whose signature was altered', async () => {
    const t = await token(issued);
    const now = at('2026-11-21T10:00:01Z');
    expect(await verifyAccess(config(now), t)).not.toBeNull();
    expect(await verifyAccess(config(now, 'another-secret-for-the-token-tests-012345'), t)).toBeNull();
    const [head, body, signature] = t.split('.');
    const altered = `${head}.${body}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(await verifyAccess(config(now), altered)).toBeNull();
  });

  it('never remembers a refusal: a token refused for its claims stays refused', async () => {
    const t = await token(issued, SECRET, { sid: 'S-1', role: 'root' });
    const now = at('2026-11-21T10:00:01Z');
    expect(await verifyAccess(config(now), t)).toBeNull();
    expect(await verifyAccess(config(now), t)).toBeNull();
  });
});
