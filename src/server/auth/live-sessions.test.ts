import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertFixtures, type Seeded } from '../../../tests/fixtures/catalogue.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { sessions, users } from '../db/schema.ts';
import { forgetUser, readLiveSession, rememberLiveSessions } from './live-sessions.ts';

describe.each(testDatabases())('live sessions remembered on $name', (kind) => {
  let database: Database;
  let ids: Seeded;
  let stop: () => Promise<void>;
  let sid: string;
  let customer: number;

  beforeEach(async () => {
    database = await kind.open();
    ids = await insertFixtures(database.db);
    customer = ids.user.customer!;
    sid = crypto.randomUUID();
    await database.db.insert(sessions).values({ id: sid, userId: customer, createdAt: new Date() });
    stop = await rememberLiveSessions(database);
  });
  afterEach(async () => {
    await stop?.();
    await database?.close();
  });

  /** Changes the session or its user as if by a statement nobody tells this process of (its notice switched off). */
  const unheard = async (change: () => Promise<unknown>) => {
    await database.db.execute(sql`alter table sessions disable trigger sessions_revoked_notify`);
    await database.db.execute(sql`alter table users disable trigger users_access_notify`);
    try {
      await change();
    } finally {
      await database.db.execute(sql`alter table sessions enable trigger sessions_revoked_notify`);
      await database.db.execute(sql`alter table users enable trigger users_access_notify`);
    }
  };
  const revoke = () => database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid));
  /** What `read` gives once `done` holds, read again until then: the notice comes at commit, on another connection. */
  const untilTold = async <T>(read: () => Promise<T>, done: (v: T) => boolean) => {
    // Far sooner than the memory's own 30-second backstop: only the notice can have made it so.
    const deadline = Date.now() + 5_000;
    for (;;) {
      const v = await read();
      if (done(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('answers a session it has read from memory, until this process says it changed', async () => {
    expect(await readLiveSession(database.db, sid, customer)).toEqual({ userId: customer, role: 'customer', isVerified: true });
    await unheard(revoke);
    // Still remembered: nothing told this process of the revocation.
    expect(await readLiveSession(database.db, sid, customer)).toMatchObject({ userId: customer });
    forgetUser(database.db, customer);
    expect(await readLiveSession(database.db, sid, customer)).toBeNull();
  });

  it('forgets a session when the database tells of its revocation, whoever revoked it', async () => {
    await readLiveSession(database.db, sid, customer);
    await revoke();
    expect(
      await untilTold(
        () => readLiveSession(database.db, sid, customer),
        (v) => v === null,
      ),
    ).toBeNull();
  });

  it('forgets the sessions of a user whose verification or role changed, or who is gone', async () => {
    await database.db.update(users).set({ isVerified: false }).where(eq(users.id, customer));
    expect(await readLiveSession(database.db, sid, customer)).toMatchObject({ isVerified: false });
    await database.db.update(users).set({ isVerified: true }).where(eq(users.id, customer));
    expect(
      await untilTold(
        () => readLiveSession(database.db, sid, customer),
        (v) => v?.isVerified === true,
      ),
    ).toMatchObject({
      isVerified: true,
    });
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, customer));
    expect(
      await untilTold(
        () => readLiveSession(database.db, sid, customer),
        (v) => v?.role === 'admin',
      ),
    ).toMatchObject({ role: 'admin' });
  });

  it('never answers a session for another user than the one it was read for', async () => {
    await readLiveSession(database.db, sid, customer);
    expect(await readLiveSession(database.db, sid, ids.user.admin!)).toBeNull();
  });

  it('reads the database every time once stopped', async () => {
    await readLiveSession(database.db, sid, customer);
    await stop();
    await unheard(revoke);
    expect(await readLiveSession(database.db, sid, customer)).toBeNull();
  });

  if (kind.name === 'postgres')
    it('reads the database every time while its listening connection is lost, and remembers again once it listens anew', async () => {
      const listeners = async () =>
        rowsOf(
          await database.db.execute(
            sql`select pid from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
          ),
        );
      await readLiveSession(database.db, sid, customer);
      const [listener] = await listeners();
      await database.db.execute(sql`select pg_terminate_backend(${listener!.pid}::int)`);
      await unheard(revoke);
      // Read again, not remembered: the memory went with the connection.
      expect(
        await untilTold(
          () => readLiveSession(database.db, sid, customer),
          (v) => v === null,
        ),
      ).toBeNull();
      // A new session, and a new listening connection after a second: remembered again from then on.
      const next = crypto.randomUUID();
      await database.db.insert(sessions).values({ id: next, userId: customer, createdAt: new Date() });
      const deadline = Date.now() + 10_000;
      while ((await listeners()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await listeners()).toHaveLength(1);
      await readLiveSession(database.db, next, customer);
      await unheard(() => database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, next)));
      expect(await readLiveSession(database.db, next, customer)).toMatchObject({ userId: customer });
    });
});
