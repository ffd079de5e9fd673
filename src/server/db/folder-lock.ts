/** One process per PGlite folder: PGlite is an embedded database, and two processes writing one folder lose writes. */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

// Why one process, and only one, holds a folder, whatever the interleaving: the lock is not a file's existence but a
// write lock the kernel keeps on a byte of `<folder>.lock.sqlite` (SQLite's RESERVED lock, an fcntl lock, taken by
// BEGIN IMMEDIATE, which does not wait). The kernel grants that byte to one process at a time, decides between two
// processes asking at once by itself, and takes it back when its process ends, however it ends (exit, kill -9, crash).
// So no lock is ever stale, nothing is taken over, and there is no check-then-act step for two processes to interleave.
// `<folder>.lock` only says who holds the byte, for the message: it is written once the byte is held and removed before
// it is let go, and nothing is decided on what it says. The `.lock.sqlite` file must stay: deleted while a server
// runs, it would be replaced by a new file, a new lock. It stays empty and is harmless to leave.

interface Holder {
  pid: number;
  host: string;
  since: string;
}

function readHolder(file: string): Holder | null {
  try {
    const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const h = raw as Partial<Holder>;
    return typeof h?.pid === 'number' && typeof h.host === 'string' && typeof h.since === 'string' ? (h as Holder) : null;
  } catch {
    return null;
  }
}

function alive(h: Holder): boolean {
  if (h.host !== hostname()) return true;
  try {
    process.kill(h.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The file naming the process that holds a data folder (beside it: PGlite wants its folder to itself). */
export const lockFileOf = (dir: string) => `${resolve(dir)}.lock`;

/** The file whose kernel lock is the folder's lock. */
export const osLockFileOf = (dir: string) => `${resolve(dir)}.lock.sqlite`;

const SQLITE_BUSY = 5;

/** The connection holding the folder's kernel lock, or null when another process holds it. */
function takeOsLock(dir: string): DatabaseSync | null {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(osLockFileOf(dir), { timeout: 0 });
    // No journal file: nothing is ever written, and a journal left by a killed holder would only be one more thing to clean up.
    db.exec('PRAGMA journal_mode = MEMORY; BEGIN IMMEDIATE');
    return db;
  } catch (err) {
    db?.close();
    if ((err as { errcode?: number }).errcode === SQLITE_BUSY) return null;
    throw new Error(`Verrou de la base de données ${osLockFileOf(dir)} inutilisable : ${(err as Error).message}`);
  }
}

// A connection closes, and lets its lock go, when it is garbage-collected: every held one stays referenced here.
const held = new Set<DatabaseSync>();

/**
 * Takes the folder for this process, or throws a French error naming the folder and the process holding it.
 * Returns the release function (also run at exit).
 */
export function lockDataFolder(dir: string): () => void {
  const file = lockFileOf(dir);
  const db = takeOsLock(dir);
  if (!db) {
    const holder = readHolder(file);
    if (holder && alive(holder)) {
      throw new Error(
        `La base de données ${resolve(dir)} est déjà ouverte par un autre processus (pid ${holder.pid} sur ${holder.host}, depuis ${holder.since}). Arrêtez-le, ou donnez un autre DATA_DIR à ce serveur.`,
      );
    }
    // The holder has the lock but has not written its name yet (or that file still names a process that died).
    throw new Error(`La base de données ${resolve(dir)} est en cours d’ouverture par un autre processus : réessayez.`);
  }
  held.add(db);
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  // Written aside, then renamed: a reader sees the previous content or this one, never half of it.
  writeFileSync(`${file}.${process.pid}`, JSON.stringify(me), { mode: 0o600 });
  renameSync(`${file}.${process.pid}`, file);
  const release = () => {
    if (!held.delete(db)) return;
    process.off('exit', release);
    if (readHolder(file)?.pid === me.pid) rmSync(file, { force: true });
    db.close();
  };
  process.once('exit', release);
  return release;
}
