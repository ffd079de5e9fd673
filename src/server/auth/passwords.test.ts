import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_COST, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes at the shop’s cost by default, with a fresh salt each time', async () => {
    const [a, b] = await Promise.all([hashPassword('Motdepasse#1'), hashPassword('Motdepasse#1')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(PASSWORD_COST).toBe(2 ** 15);
    expect(a).not.toBe(b);
  });

  it.each<[string, number | undefined]>([
    ['the shop’s cost', undefined],
    ['a cheaper cost kept in the hash', 2 ** 10],
  ])('checks a password against a hash at %s', async (_, cost) => {
    const hash = await hashPassword('Été#2026 à Dakar', cost);
    expect(hash.split('$')[1]).toBe(String(cost ?? PASSWORD_COST));
    expect(await verifyPassword('Été#2026 à Dakar', hash)).toBe(true);
    expect(await verifyPassword('Été#2026 à dakar', hash)).toBe(false);
    // The same characters typed as a decomposed accent are the same password (NFKC).
    expect(await verifyPassword('Été#2026 à Dakar'.normalize('NFD'), hash)).toBe(true);
  });

  it.each([
    ['another scheme', 'bcrypt$10$abc'],
    ['no salt', 'scrypt$1024$8$1$$abc'],
    ['nothing', ''],
  ])('refuses %s', async (_, stored) => expect(await verifyPassword('x', stored)).toBe(false));
});
