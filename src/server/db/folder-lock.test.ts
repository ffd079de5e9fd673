import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataFolder, lockFileOf } from './folder-lock.ts';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'boutique-lock-')), 'pglite');
const holder = join(import.meta.dirname, '../../../tests/fixtures/hold-db.ts');

/** Starts a process opening `dir`; resolves once it says "ouvert" or exits (with its exit code and error text). */
function open(dir: string): Promise<{ child: ChildProcess; opened: boolean; code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [holder, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => { stderr += d; });
  return new Promise((done) => {
    child.stdout!.on('data', (d) => String(d).includes('ouvert') && done({ child, opened: true, code: null, stderr }));
    child.once('exit', (code) => done({ child, opened: false, code, stderr }));
  });
}

describe('one process per PGlite folder', () => {
  it('refuses a second holder in French, naming the folder and the process, until the first lets go', () => {
    const dir = fresh();
    const release = lockDataFolder(dir);
    expect(() => lockDataFolder(dir)).toThrow(new RegExp(`La base de données ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} est déjà ouverte par un autre processus \\(pid ${process.pid} sur `));
    release();
    expect(existsSync(lockFileOf(dir))).toBe(false);
    lockDataFolder(dir)();
  });

  it('takes over a lock left by a process that died', () => {
    const dir = fresh();
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid: dead, host: hostname(), since: '2026-11-01T00:00:00.000Z' }));
    const release = lockDataFolder(dir);
    release();
    writeFileSync(lockFileOf(dir), 'abîmé');
    lockDataFolder(dir)();
  });

  it('a second server process on the folder exits non-zero with the message; after kill -9 of the first, a new one starts', async () => {
    const dir = fresh();
    const first = await open(dir);
    expect(first.opened).toBe(true);
    const second = await open(dir);
    expect(second.opened).toBe(false);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain(`La base de données ${dir} est déjà ouverte par un autre processus (pid ${first.child.pid}`);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const third = await open(dir);
    expect(third.opened).toBe(true);
    third.child.kill('SIGKILL');
  }, 60_000);
});
