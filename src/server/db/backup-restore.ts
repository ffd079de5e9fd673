/** `npm run restore` (README "Backups"): a backup into an empty database, PostgreSQL or PGlite, or a PGlite backup into PostgreSQL. */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { copyIntoPostgres, rowCounts } from './backup-copy.ts';
import { countShop, type ShopCounts } from './backup-counts.ts';
import { type BackupKind, readBackupKind } from './backup-file.ts';
import { checkArchive, clearPostgres, describeUrl, restorePostgres, shopTables } from './backup-postgres.ts';
import { openPgliteForCommand, pgliteFolder, type ShopPlace } from './backup.ts';
import { openDatabase } from './client.ts';
import { lockDataFolder } from './folder-lock.ts';

/** What a restore did. */
export interface RestoreReport {
  /** The kind of backup read. */
  kind: BackupKind;
  /** The database written, for messages (no user, no password). */
  where: string;
  /** PGlite with --clean: where the folder that was there has been put aside. */
  setAside?: string;
  /** Counts read back from the restored database. */
  counts: ShopCounts;
}

/** Refusals that leave the database as it was (exit 1 with this message, nothing written). */
export class RestoreRefused extends Error {}

const notEmptyPostgres = (where: string, tables: number) =>
  `La base ${where} contient déjà les tables de la boutique (${tables}) : rien n’a été restauré. ` +
  'Restaurez dans une base vide (createdb …), ou relancez avec --clean pour l’effacer d’abord (tout ce qu’elle contient sera perdu).';

const notEmptyPglite = (dir: string) =>
  `Le dossier ${dir} contient déjà une base PGlite : rien n’a été restauré. ` +
  'Donnez un autre DATA_DIR (vide), ou relancez avec --clean : la base actuelle sera renommée et mise de côté, pas effacée.';

const POSTGRES_INTO_PGLITE =
  'Cette sauvegarde vient de PostgreSQL : elle se restaure dans PostgreSQL. Définissez DATABASE_URL vers une base vide et relancez. ' +
  'Une boutique PGlite ne se restaure que depuis une sauvegarde PGlite (.tar.gz).';

/** Restores `file` into the shop at `place` (PostgreSQL when DATABASE_URL is set, else DATA_DIR/pglite), which must be empty unless `clean`. */
export async function restoreBackup(
  place: ShopPlace,
  file: string,
  opts: { clean: boolean; now: Date; env?: Record<string, string | undefined> },
): Promise<RestoreReport> {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new RestoreRefused(`Fichier introuvable : ${resolve(file)}. Rien n’a été restauré.`);
  let backup: ReturnType<typeof readBackupKind>;
  try {
    backup = readBackupKind(file);
  } catch (err) {
    throw new RestoreRefused((err as Error).message);
  }
  return place.DATABASE_URL ? intoPostgres(place.DATABASE_URL, file, backup, opts) : intoPglite(place, backup, opts);
}

async function intoPostgres(
  url: string,
  file: string,
  backup: ReturnType<typeof readBackupKind>,
  opts: { clean: boolean; env?: Record<string, string | undefined> },
): Promise<RestoreReport> {
  const where = `PostgreSQL (${describeUrl(url)})`;
  // Checked before anything is cleared: a damaged archive never costs the database it was meant to replace.
  if (backup.kind === 'postgres') {
    try {
      await checkArchive(file, opts.env);
    } catch (err) {
      throw new RestoreRefused(`${(err as Error).message}\nCette archive est illisible : rien n’a été restauré.`);
    }
  }
  const tables = await shopTables(url);
  if (tables > 0 && !opts.clean) throw new RestoreRefused(notEmptyPostgres(where, tables));
  if (backup.kind === 'postgres') {
    if (tables > 0) await clearPostgres(url);
    try {
      await restorePostgres(url, file, opts.env);
    } catch (err) {
      const cleared = tables > 0 ? ' ; la base, effacée par --clean, est restée vide' : '';
      throw new Error(
        `${(err as Error).message}\nRien n’a été restauré : pg_restore travaille d’un bloc et s’arrête à la première erreur${cleared}.`,
      );
    }
  } else {
    const source = await openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([new Uint8Array(backup.tar)]) });
    try {
      if (tables > 0) await clearPostgres(url);
      try {
        // The same migrations as the source (both are brought to this code's schema), then the rows.
        await (await openDatabase({ url, poolSize: 1 })).close();
        const expected = await rowCounts(source.db);
        const copied = await copyIntoPostgres(source.db, url);
        const lost = Object.entries(expected).filter(([t, n]) => copied[t] !== n);
        if (lost.length) {
          throw new Error(`Copie incomplète : ${lost.map(([t, n]) => `${t} ${copied[t] ?? 0}/${n}`).join(', ')}.`);
        }
      } catch (err) {
        // The database was empty before (or emptied by --clean): it is left empty again, not half restored.
        await clearPostgres(url).catch(() => {});
        throw err;
      }
    } finally {
      await source.close();
    }
  }
  // Opened as the shop opens it: a backup made by older code gets this code's later migrations.
  const restored = await openDatabase({ url, poolSize: 1 });
  try {
    return { kind: backup.kind, where, counts: await countShop(restored.db) };
  } finally {
    await restored.close();
  }
}

async function intoPglite(
  place: ShopPlace,
  backup: ReturnType<typeof readBackupKind>,
  opts: { clean: boolean; now: Date },
): Promise<RestoreReport> {
  if (backup.kind === 'postgres') throw new RestoreRefused(POSTGRES_INTO_PGLITE);
  const dir = resolve(pgliteFolder(place));
  const where = `PGlite (${dir})`;
  let setAside: string | undefined;
  mkdirSync(place.DATA_DIR, { recursive: true });
  // Checked and put aside under the folder's lock, so never under a running shop.
  let release: () => void;
  try {
    release = lockDataFolder(dir);
  } catch (err) {
    throw new RestoreRefused(`${(err as Error).message}\nArrêtez la boutique avant de restaurer sa base.`);
  }
  try {
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      if (!opts.clean) throw new RestoreRefused(notEmptyPglite(dir));
      setAside = `${dir}.avant-restauration-${opts.now.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
      renameSync(dir, setAside);
    }
  } finally {
    release();
  }
  // PGlite itself refuses to load over a folder that has a database, should another process have made one meanwhile.
  let restored: Awaited<ReturnType<typeof openPgliteForCommand>>;
  try {
    restored = await openPgliteForCommand(dir, new Blob([new Uint8Array(backup.tar)]));
  } catch (err) {
    const message = (err as Error).message;
    // A load that failed halfway is removed and the folder put aside comes back; one made by another process is left alone.
    if (!/already exists|déjà ouverte|en cours d’ouverture/.test(message)) {
      rmSync(dir, { recursive: true, force: true });
      if (setAside) renameSync(setAside, dir);
      throw new Error(`${message}\nRien n’a été restauré${setAside ? ' : l’ancienne base est remise en place' : ''}.`);
    }
    throw err;
  }
  try {
    return { kind: 'pglite', where, counts: await countShop(restored.db), ...(setAside ? { setAside } : {}) };
  } finally {
    await restored.close();
  }
}
