/** `npm run backup` (README "Backups"): the shop's database to one file, PostgreSQL through pg_dump, PGlite as its data folder. */
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { countPostgresWhile, countShop, type ShopCounts } from './backup-counts.ts';
import { type BackupKind, defaultBackupName } from './backup-file.ts';
import { checkArchive, describeUrl, dumpPostgres, shopTables } from './backup-postgres.ts';
import { openDatabase, type Database } from './client.ts';

/** Where the shop keeps its data: the two settings a backup reads. */
export interface ShopPlace {
  DATA_DIR: string;
  DATABASE_URL?: string | undefined;
}

/** What a backup wrote. */
export interface BackupReport {
  kind: BackupKind;
  /** The database, for messages (no user, no password). */
  where: string;
  file: string;
  bytes: number;
  counts: ShopCounts;
}

/** The PGlite folder of a shop. */
export const pgliteFolder = (place: ShopPlace) => join(place.DATA_DIR, 'pglite');

const STOP_FIRST =
  'Une base PGlite appartient à un seul processus : arrêtez la boutique, lancez la commande, puis relancez la boutique (la sauvegarde prend quelques secondes).';

/** Opens the PGlite folder for a command, adding to the folder lock's refusal what the operator does about it. */
export async function openPgliteForCommand(dir: string, loadDataDir?: Blob): Promise<Database> {
  try {
    return await openDatabase({ dataDir: dir, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (err) {
    const message = (err as Error).message;
    if (/déjà ouverte|en cours d’ouverture/.test(message)) throw new Error(`${message}\n${STOP_FIRST}`);
    throw err;
  }
}

// Written aside, then renamed: a backup that fails halfway leaves no file that looks whole.
function partialOf(file: string) {
  return `${file}.partiel`;
}

/** Writes a backup of the shop at `place` to `out` (default: a dated file under DATA_DIR/backups); never overwrites a file. */
export async function takeBackup(
  place: ShopPlace,
  opts: { out?: string; now: Date; env?: Record<string, string | undefined> },
): Promise<BackupReport> {
  const kind: BackupKind = place.DATABASE_URL ? 'postgres' : 'pglite';
  const file = resolve(opts.out ?? join(place.DATA_DIR, 'backups', defaultBackupName(kind, opts.now)));
  if (existsSync(file)) throw new Error(`${file} existe déjà : une sauvegarde n’en remplace jamais une autre. Choisissez un autre --out.`);
  const partial = partialOf(file);
  try {
    let counts: ShopCounts;
    let where: string;
    if (place.DATABASE_URL) {
      where = `PostgreSQL (${describeUrl(place.DATABASE_URL)})`;
      if ((await shopTables(place.DATABASE_URL)) === 0)
        throw new Error(`La base ${where} ne contient pas la boutique : rien à sauvegarder (vérifiez DATABASE_URL).`);
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      const url = place.DATABASE_URL;
      counts = await countPostgresWhile(url, (snapshot) => dumpPostgres(url, partial, opts.env, snapshot));
      // Password hashes and customers' details are in it: readable by the shop's user only.
      chmodSync(partial, 0o600);
      await checkArchive(partial, opts.env);
    } else {
      const dir = pgliteFolder(place);
      where = `PGlite (${resolve(dir)})`;
      if (!existsSync(join(dir, 'PG_VERSION'))) {
        throw new Error(`Aucune base PGlite dans ${resolve(dir)} : rien à sauvegarder (vérifiez DATA_DIR).`);
      }
      const database = await openPgliteForCommand(dir);
      try {
        counts = await countShop(database.db);
        // Every committed page written to the folder, so the copy needs no recovery when it is opened.
        await database.db.execute(sql`checkpoint`);
        const tarball = await database.dump!('gzip');
        mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
        writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()), { mode: 0o600 });
      } finally {
        await database.close();
      }
    }
    renameSync(partial, file);
    return { kind, where, file, bytes: statSync(file).size, counts };
  } finally {
    rmSync(partial, { force: true });
  }
}
