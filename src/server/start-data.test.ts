import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testDatabases } from '../../tests/fixtures/db.ts';
import { hashPassword } from './auth/passwords.ts';
import type { Database } from './db/client.ts';
import { users } from './db/schema.ts';
import { DEMO_ACCOUNTS } from './db/seed.ts';
import { demoLoginsLeft, seedsDemo } from './start-data.ts';

describe('seedsDemo', () => {
  it.each([
    ['development', 'auto', true],
    ['test', 'auto', true],
    ['production', 'auto', false],
    ['production', 'demo', true],
    ['development', 'demo', true],
    ['development', 'never', false],
    ['production', 'never', false],
  ] as const)('NODE_ENV=%s SEED=%s → %s', (NODE_ENV, SEED, expected) => {
    expect(seedsDemo({ NODE_ENV, SEED })).toBe(expected);
  });
});

describe.each(testDatabases())('demoLoginsLeft on $name', (kind) => {
  let database: Database;
  const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
  const customer = DEMO_ACCOUNTS.find((a) => a.role === 'customer')!;

  beforeAll(async () => {
    database = await kind.open();
  });
  afterAll(() => database?.close());

  it('finds none in a database without them', async () => {
    expect(await demoLoginsLeft(database.db)).toEqual([]);
  });

  it('names the demo accounts still opened by their published password, and only those', async () => {
    await database.db.insert(users).values([
      { name: 'Admin', email: admin.email.toUpperCase(), role: 'admin', passwordHash: await hashPassword(admin.password) },
      { name: 'Client', email: customer.email, passwordHash: await hashPassword(customer.password) },
    ]);
    expect((await demoLoginsLeft(database.db)).sort()).toEqual([admin.email, customer.email].sort());
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword('Change2026') })
      .where(eq(users.email, customer.email));
    expect(await demoLoginsLeft(database.db)).toEqual([admin.email]);
  });
});
