/** One process per PGlite folder: PGlite is an embedded database, and two processes writing one folder lose writes. */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';

interface Holder { pid: number; host: string; since: string }

function readHolder(file: string): Holder | null {
  try {
    const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const h = raw as Partial<Holder>;
    return typeof h?.pid === 'number' && typeof h.host === 'string' && typeof h.since === 'string' ? (h as Holder) : null;
  } catch {
    return null;
  }
}

// A holder on this machine whose process is gone left its lock behind (kill -9, power cut): it may be taken over.
function alive(h: Holder): boolean {
  if (h.host !== hostname()) return true;
  try {
    process.kill(h.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file of a data folder (beside it: PGlite wants its folder to itself). */
export const lockFileOf = (dir: string) => `${resolve(dir)}.lock`;

/**
 * Takes the folder for this process, or throws a French error naming the folder and the process holding it.
 * Returns the release function (also run at exit).
 */
export function lockDataFolder(dir: string): () => void {
  const file = lockFileOf(dir);
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      const release = () => {
        if (readHolder(file)?.pid === me.pid) rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readHolder(file);
      if (holder && alive(holder)) {
        throw new Error(`La base de données ${resolve(dir)} est déjà ouverte par un autre processus (pid ${holder.pid} sur ${holder.host}, depuis ${holder.since}). Arrêtez-le, ou donnez un autre DATA_DIR à ce serveur.`);
      }
      // Stale or unreadable: remove it and try once more; if another process takes it meanwhile, the second try says so.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`La base de données ${resolve(dir)} est en cours d’ouverture par un autre processus : réessayez.`);
}
