/** What a backup file holds (README "Backups"): a PostgreSQL archive (`pg_dump -Fc`) or a PGlite data folder (gzipped tar). */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The two kinds of backup this shop writes. */
export type BackupKind = 'postgres' | 'pglite';

/** The name a backup gets when the operator names none: the kind and the UTC time, sortable. */
export function defaultBackupName(kind: BackupKind, now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, '-');
  return `boutique-${kind}-${stamp}Z.${kind === 'postgres' ? 'dump' : 'tar.gz'}`;
}

/** A size as an operator reads it, in French (« 1,4 Mo »). */
export function humanSize(bytes: number): string {
  const units = ['octets', 'Ko', 'Mo', 'Go'];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${u === 0 ? n : n.toFixed(1).replace('.', ',')} ${units[u]}`;
}

function head(file: string, length: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(length);
    const read = readSync(fd, buf, 0, length, 0);
    return buf.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** The entries' names of a tar archive (ustar headers, 512-byte blocks); throws on a block that is not a tar header. */
function tarNames(tar: Buffer): string[] {
  const names: string[] = [];
  let at = 0;
  while (at + 512 <= tar.length) {
    const block = tar.subarray(at, at + 512);
    if (block.every((b) => b === 0)) break;
    const name = block.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(block.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8);
    if (!name || !Number.isFinite(size) || size < 0) throw new Error('not a tar header');
    names.push(name);
    at += 512 + Math.ceil(size / 512) * 512;
    if (at > tar.length) throw new Error('truncated');
  }
  return names;
}

/** The French refusal for a file that is not one of our backups. */
export const notABackup = (file: string) =>
  `${basename(file)} n’est pas une sauvegarde de la boutique (ni une archive PostgreSQL « pg_dump -Fc », ni un dossier PGlite en .tar.gz) : rien n’a été restauré.`;

/**
 * The kind of backup `file` holds, read from its first bytes (« PGDMP » for a PostgreSQL archive); a PGlite backup is
 * unpacked to check it is a whole tar of a data folder (`PG_VERSION` in it), and returned as that tar.
 */
export function readBackupKind(file: string): { kind: 'postgres' } | { kind: 'pglite'; tar: Buffer } {
  const start = head(file, 5);
  if (start.toString('latin1') === 'PGDMP') return { kind: 'postgres' };
  if (start[0] === 0x1f && start[1] === 0x8b) {
    let tar: Buffer;
    try {
      tar = gunzipSync(readFileSync(file));
    } catch {
      throw new Error(`${basename(file)} est une archive gzip abîmée ou incomplète : rien n’a été restauré.`);
    }
    let names: string[];
    try {
      names = tarNames(tar);
    } catch {
      throw new Error(notABackup(file));
    }
    if (!names.some((n) => n === 'PG_VERSION' || n.endsWith('/PG_VERSION'))) throw new Error(notABackup(file));
    return { kind: 'pglite', tar };
  }
  throw new Error(notABackup(file));
}
