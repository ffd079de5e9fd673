import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultBackupName, humanSize, readBackupKind } from './backup-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'boutique-backup-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A one-entry ustar archive holding `name`. */
function tarOf(name: string, body = '17\n'): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 'utf8');
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  const data = Buffer.alloc(Math.ceil(body.length / 512) * 512);
  data.write(body);
  return Buffer.concat([header, data, Buffer.alloc(1024)]);
}

const fileWith = (name: string, bytes: Buffer) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

describe('backup files', () => {
  it.each([
    [0, '0 octets'],
    [1023, '1023 octets'],
    [1536, '1,5 Ko'],
    [5 * 1024 * 1024, '5,0 Mo'],
    [3 * 1024 ** 3, '3,0 Go'],
  ])('writes %i bytes as « %s »', (bytes, text) => {
    expect(humanSize(bytes)).toBe(text);
  });

  it.each([
    ['postgres', 'boutique-postgres-2026-11-27T09-05-03Z.dump'],
    ['pglite', 'boutique-pglite-2026-11-27T09-05-03Z.tar.gz'],
  ] as const)('names a %s backup by its kind and UTC time, sortable', (kind, name) => {
    expect(defaultBackupName(kind, new Date('2026-11-27T09:05:03.250Z'))).toBe(name);
  });

  it.each([
    ['a pg_dump archive', Buffer.from('PGDMP\x01\x0e\x00'), 'postgres'],
    ['a gzipped data folder', gzipSync(tarOf('/PG_VERSION')), 'pglite'],
  ])('knows %s', (_, bytes, kind) => {
    expect(readBackupKind(fileWith(`${kind}.bin`, bytes)).kind).toBe(kind);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'n’est pas une sauvegarde de la boutique'],
    ['a CSV export', Buffer.from('id;nom\n1;Frigo\n'), 'n’est pas une sauvegarde de la boutique'],
    ['a gzipped tar without a data folder', gzipSync(tarOf('photos/frigo.jpg')), 'n’est pas une sauvegarde de la boutique'],
    ['a gzipped text', gzipSync('bonjour'), 'n’est pas une sauvegarde de la boutique'],
    ['a gzip cut short', gzipSync(tarOf('/PG_VERSION')).subarray(0, 20), 'archive gzip abîmée ou incomplète'],
  ])('refuses %s in French', (name, bytes, message) => {
    expect(() => readBackupKind(fileWith(name.replace(/ /g, '-'), bytes))).toThrow(message);
  });
});
