/** Opens the database (embedded PGlite, or PostgreSQL when a URL is given) and applies the migrations. */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataFolder } from './folder-lock.ts';
import { drizzleClient } from './pglite-parsers.ts';

/** The drizzle database every route receives, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database and how to close it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PGlite only: its whole data folder as a tarball (what `loadDataDir` starts from), gzipped when asked. */
  dump?: (compression?: 'none' | 'gzip') => Promise<Blob | File>;
  /**
   * Hears what is notified on `channel` (LISTEN), from this process or any other, until the returned stop is called.
   * PostgreSQL listens on a connection of its own: `lost` is called if it drops, and nothing is heard after that.
   */
  listen: (channel: string, heard: (payload: string) => void, lost: (err: Error) => void) => Promise<() => Promise<void>>;
}

/** A connection of its own LISTENing on `channel` (a pooled one would be handed to other queries). */
async function listenOn(
  url: string,
  channel: string,
  heard: (payload: string) => void,
  lost: (err: Error) => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  let stopping = false;
  const drop = (err: Error) => {
    if (stopping) return;
    stopping = true;
    client.removeAllListeners('notification');
    lost(err);
    client.end().catch(() => {});
  };
  client.on('error', drop);
  client.on('end', () => drop(new Error('connexion d’écoute fermée')));
  client.on('notification', (n) => {
    if (n.channel === channel) heard(n.payload ?? '');
  });
  await client.connect();
  await client.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
  return async () => {
    stopping = true;
    await client.end().catch(() => {});
  };
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK = 7_325_001;

/**
 * Opens PostgreSQL at `url` (a pool of `poolSize` connections, 10 by default), or PGlite in `dataDir` (in memory when
 * `dataDir` is `memory://`, starting from the dump `loadDataDir` when given), and applies the migrations of
 * `migrationsFolder` (ours by default; tests of a migration stop at the one before).
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
  migrationsFolder?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  const folder = { migrationsFolder: opts.migrationsFolder ?? migrationsFolder };
  const { url } = opts;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not take the shop down with it.
    pool.on('error', (err) => console.error(`[db] connexion PostgreSQL perdue : ${err.message}`));
    // Bigint counts come back as strings by default; ours always fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number(v));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      // Several instances may start at once behind a load balancer: one migrates, the others wait.
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), folder);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end(), listen: (channel, heard, lost) => listenOn(url, channel, heard, lost) };
  }
  const dir = opts.dataDir ?? 'memory://';
  let release = () => {};
  if (!dir.startsWith('memory://')) {
    mkdirSync(dir, { recursive: true });
    release = lockDataFolder(dir);
  }
  try {
    // pg_trgm serves the listing's search (migration 0007 creates the extension, as on PostgreSQL).
    const client = await PGlite.create(dir, { extensions: { pg_trgm }, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
    const drizzled = drizzlePglite({ client: drizzleClient(client), schema });
    await migratePglite(drizzled, folder);
    return {
      db: drizzled as unknown as Db,
      kind: 'pglite',
      close: () => client.close().finally(release),
      dump: (compression = 'none') => client.dumpDataDir(compression),
      // One process holds the folder: every notification is this process's own, and there is no connection to lose.
      listen: async (channel, heard) => {
        const stop = await client.listen(channel, heard);
        return async () => {
          if (!client.closed) await stop();
        };
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * A statement of a hot path, built once per database instead of on every call (drizzle's prepared query, its
 * placeholders filled at each run). Left unnamed, so PostgreSQL parses it each time as it would any other: a named
 * statement would not survive a transaction-mode connection pooler in front of the database.
 */
export function builtOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => (built.has(db) ? built.get(db)! : built.set(db, build(db)).get(db)!);
}

/** Runs a trivial query: used by the health check. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

// The journal does not change while the process runs: read once per folder, not on every readiness probe.
const lastMigrations = new Map<string, { tag: string; when: number }>();

/** The last migration this code carries (`meta/_journal.json`): its tag and the time drizzle records for it. */
function lastMigration(folder: string): { tag: string; when: number } {
  const journal = () =>
    JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string; when: number }> };
  return lastMigrations.get(folder) ?? lastMigrations.set(folder, journal().entries.at(-1)!).get(folder)!;
}

/** The migration this code needs that the database lacks (the newest one's tag), or null when it has them all (`/readyz`). */
export async function missingMigration(db: Db, folder = migrationsFolder): Promise<string | null> {
  const last = lastMigration(folder);
  // drizzle's migrators record each migration applied with its journal time, in this table.
  const result = (await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`)) as unknown as {
    rows: Array<{ newest: string | number | null }>;
  };
  const newest = Number(result.rows[0]?.newest ?? 0);
  return newest >= last.when ? null : last.tag;
}
