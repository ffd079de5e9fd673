import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerDatabase, serverDatabases, snapshot, throwAwayPostgres } from '../../../tests/fixtures/db.ts';
import { main as backupMain, type CliIo } from './backup-cli.ts';
import { rowCounts } from './backup-copy.ts';
import { countShop, describeCounts } from './backup-counts.ts';
import { readBackupKind } from './backup-file.ts';
import { shopTables } from './backup-postgres.ts';
import { openDatabase, type Db } from './client.ts';
import { main as restoreMain } from './restore-cli.ts';
import { products, users } from './schema.ts';
import { orderLines, orders, orderTranches } from './schema-orders.ts';
import { seedDemo } from './seed.ts';
import { seedYears } from './seed-years.ts';

// Each step opens a database (PGlite: a folder, loaded or dumped whole): seconds on a busy machine.
const SLOW = 120_000;
const NOW = new Date('2026-11-27T10:00:00Z');

type Env = Record<string, string>;

const SECRET = 'Mot-de-passe-2026';
const withPassword = (url: string) => {
  const u = new URL(url);
  u.password = SECRET;
  return u.toString();
};

function open(env: Env) {
  if (env.DATABASE_URL) return openDatabase({ url: env.DATABASE_URL });
  const dir = join(env.DATA_DIR!, 'pglite');
  // A new folder starts from the run's migrated dump rather than running every migration again.
  const dump = existsSync(dir) ? undefined : snapshot();
  return openDatabase({ dataDir: dir, ...(dump ? { loadDataDir: dump } : {}) });
}

/** Everything a restore must give back: the orders with their lines and schedules, the products, the accounts, and every table's row count. */
async function shopState(db: Db) {
  return {
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    lines: await db.select().from(orderLines).orderBy(asc(orderLines.id)),
    tranches: await db.select().from(orderTranches).orderBy(asc(orderTranches.orderId), asc(orderTranches.number)),
    products: await db.select().from(products).orderBy(asc(products.id)),
    users: await db.select().from(users).orderBy(asc(users.id)),
    rows: await rowCounts(db),
  };
}

async function stateOf(env: Env) {
  const database = await open(env);
  try {
    return await shopState(database.db);
  } finally {
    await database.close();
  }
}

/** The demo shop with a little history: customers, orders in every status, their lines, credit orders and their schedules. */
async function seedShop(env: Env) {
  const database = await open(env);
  try {
    await seedDemo(database.db, { now: NOW });
    await seedYears(database.db, { years: 0.05, customers: 25, orders: 60, crm: 20, now: NOW });
    return { state: await shopState(database.db), counts: await countShop(database.db) };
  } finally {
    await database.close();
  }
}

/** Runs a command in this process; returns its exit code and what it printed. */
async function run(command: typeof backupMain, argv: string[], env: Env) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Partial<CliIo> = { env: { PATH: process.env.PATH, ...env }, out: (l) => out.push(l), err: (l) => err.push(l), now: () => NOW };
  const code = await command(argv, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Runs a command as an operator does: its own Node process. */
function spawnCli(script: string, argv: string[], env: Env): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [script, ...argv], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  return new Promise((ok) => child.once('close', (code) => ok({ code, output })));
}

/** Whether the database of `env` is still without the shop (nothing written). */
async function stillEmpty(env: Env): Promise<boolean> {
  if (env.DATABASE_URL) return (await shopTables(env.DATABASE_URL)) === 0;
  const dir = join(env.DATA_DIR!, 'pglite');
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

describe.each(serverDatabases())('npm run backup and npm run restore on $name', (kind: ServerDatabase) => {
  const made: Array<{ drop: () => Promise<void> }> = [];
  const make = async () => {
    const m = await kind.make();
    made.push(m);
    return m.env;
  };
  let source: Env;
  let seeded: Awaited<ReturnType<typeof seedShop>>;
  let file: string;
  beforeAll(async () => {
    source = await make();
    seeded = await seedShop(source);
    file = join(source.DATA_DIR!, 'sauvegarde');
    // Made in this process; the first test makes another as an operator does.
    const first = await run(backupMain, ['--out', file], source);
    expect(first.err).toBe('');
  }, SLOW);
  afterAll(async () => {
    for (const m of made) await m.drop();
  });

  it(
    'backs the shop up when run as a process, saying what it wrote',
    async () => {
      expect(seeded.counts.orders).toBeGreaterThan(60);
      // The test server trusts its clients: a password in the URL is handed over, ignored, and must never be printed.
      const env = { ...source, ...(source.DATABASE_URL ? { DATABASE_URL: withPassword(source.DATABASE_URL) } : {}) };
      const other = `${file}-cli`;
      const r = await spawnCli('src/server/db/backup-cli.ts', ['--out', other], env);
      expect(r.output).toContain(`écrite : ${other} (`);
      expect(r.output).toContain(`Elle contient ${describeCounts(seeded.counts)}.`);
      expect(r.output).not.toContain(SECRET);
      expect(r.code).toBe(0);
      expect(readBackupKind(other).kind).toBe(kind.name);
    },
    SLOW,
  );

  it(
    'restores it into an empty database: every order, line, schedule, product, account and row',
    async () => {
      const target = await make();
      const r = await run(restoreMain, [file], target);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toContain(`Relu dans la base : ${describeCounts(seeded.counts)}.`);
      const restored = await stateOf(target);
      expect(restored.orders.map((o) => [o.reference, o.amountTotal, o.paymentStatus])).toEqual(
        seeded.state.orders.map((o) => [o.reference, o.amountTotal, o.paymentStatus]),
      );
      expect(restored).toEqual(seeded.state);
    },
    SLOW,
  );

  if (kind.name === 'postgres') {
    it(
      'refuses to restore a PostgreSQL backup into PGlite, in French',
      async () => {
        const r = await run(restoreMain, [file], { DATA_DIR: join(source.DATA_DIR!, 'vide') });
        expect(r.code).toBe(1);
        expect(r.err).toContain('Cette sauvegarde vient de PostgreSQL : elle se restaure dans PostgreSQL.');
        expect(existsSync(join(source.DATA_DIR!, 'vide', 'pglite'))).toBe(false);
      },
      SLOW,
    );
  }

  it(
    'never overwrites a backup',
    async () => {
      const before = readFileSync(file);
      const r = await run(backupMain, ['--out', file], source);
      expect(r.code).toBe(1);
      expect(r.err).toContain('existe déjà');
      expect(readFileSync(file).equals(before)).toBe(true);
    },
    SLOW,
  );

  it(
    'refuses a database that holds the shop, and writes nothing to it',
    async () => {
      const r = await run(restoreMain, [file], source);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(/contient déjà .*rien n’a été restauré.*--clean/s);
      expect(await stateOf(source)).toEqual(seeded.state);
    },
    SLOW,
  );

  it(
    'with --clean, replaces what the database holds by the backup',
    async () => {
      const target = await make();
      const other = await open(target);
      await other.db.insert(users).values({ name: 'Client d’avant', email: 'avant@boutique-dakar.sn', passwordHash: 'x' });
      await other.close();
      const r = await run(restoreMain, [file, '--clean'], target);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      if (!target.DATABASE_URL) expect(r.out).toContain('L’ancienne base a été mise de côté');
      expect(await stateOf(target)).toEqual(seeded.state);
    },
    SLOW,
  );

  // A PGlite shop moves to PostgreSQL by restoring its backup there.
  const postgresBase = process.env.TEST_DATABASE_URL;
  if (kind.name === 'pglite' && postgresBase) {
    it(
      'restores the PGlite backup into an empty PostgreSQL: every order, line, schedule, product, account and row, and the sequences after them',
      async () => {
        const target = await throwAwayPostgres(postgresBase);
        made.push(target);
        const env = { DATA_DIR: source.DATA_DIR!, DATABASE_URL: target.url };
        const r = await run(restoreMain, [file], env);
        expect(r.err).toBe('');
        expect(r.code).toBe(0);
        expect(r.out).toContain(`Sauvegarde PGlite ${file} restaurée dans PostgreSQL (`);
        expect(r.out).toContain(`Relu dans la base : ${describeCounts(seeded.counts)}.`);
        expect(await stateOf(env)).toEqual(seeded.state);
        // The shop goes on there: a new order takes the next number, not one the copy already used.
        const database = await open(env);
        try {
          const res = (await database.db.execute(sql`select nextval('orders_id_seq')::int as id`)) as unknown as {
            rows: Array<{ id: number }>;
          };
          expect(res.rows[0]!.id).toBeGreaterThan(Math.max(...seeded.state.orders.map((o) => o.id)));
        } finally {
          await database.close();
        }
      },
      SLOW,
    );
  }

  it.each([
    ['a missing file', () => 'absent.dump', 'Fichier introuvable'],
    [
      'a text file',
      (dir: string) => write(dir, 'notes.txt', Buffer.from('pas une sauvegarde\n')),
      'n’est pas une sauvegarde de la boutique',
    ],
    ['a gzip of something else', (dir: string) => write(dir, 'autre.tar.gz', gzipOf('bonjour')), 'n’est pas une sauvegarde de la boutique'],
    [
      'the first half of the backup',
      (dir: string, whole: Buffer) => write(dir, 'coupee', whole.subarray(0, whole.length / 2)),
      /abîmée|illisible|d’un bloc/,
    ],
  ])(
    'refuses %s in French and writes nothing',
    async (_, fileOf, message) => {
      const target = await make();
      const r = await run(restoreMain, [fileOf(target.DATA_DIR!, readFileSync(file))], target);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(message);
      expect(r.err).toContain('Restauration impossible');
      expect(await stillEmpty(target)).toBe(true);
    },
    SLOW,
  );
});

function write(dir: string, name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const gzipOf = (text: string) => gzipSync(text);

describe('a PGlite shop', () => {
  it('that was never started has nothing to back up, and the command says so', async () => {
    const [pglite] = serverDatabases();
    const data = await pglite!.make();
    try {
      const r = await run(backupMain, [], data.env);
      expect(r.code).toBe(1);
      expect(r.err).toContain(`Aucune base PGlite dans ${join(data.env.DATA_DIR!, 'pglite')} : rien à sauvegarder`);
      expect(readdirSync(data.env.DATA_DIR!)).toEqual([]);
    } finally {
      await data.drop();
    }
  });

  it(
    'is backed up only while the shop is stopped, saying so in French',
    async () => {
      const [pglite] = serverDatabases();
      const data = await pglite!.make();
      try {
        const running = await open(data.env);
        try {
          const r = await run(backupMain, [], data.env);
          expect(r.code).toBe(1);
          expect(r.err).toContain('est déjà ouverte par un autre processus');
          expect(r.err).toContain('arrêtez la boutique, lancez la commande, puis relancez la boutique');
        } finally {
          await running.close();
        }
        expect(readdirSync(data.env.DATA_DIR!)).not.toContain('backups');
      } finally {
        await data.drop();
      }
    },
    SLOW,
  );
});
