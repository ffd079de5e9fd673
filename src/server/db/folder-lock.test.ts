import { spawn, spawnSync, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataFolder, lockFileOf, osLockFileOf } from './folder-lock.ts';

const fresh = () => join(mkdtempSync(join(tmpdir(), 'boutique-lock-')), 'pglite');
const holder = join(import.meta.dirname, '../../../tests/fixtures/hold-db.ts');
const racer = join(import.meta.dirname, '../../../tests/fixtures/race-lock.ts');

/** Starts a process opening `dir`; resolves once it says "ouvert" or exits (with its exit code and error text). */
function open(dir: string): Promise<{ child: ChildProcess; opened: boolean; code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [holder, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  return new Promise((done) => {
    child.stdout!.on('data', (d) => String(d).includes('ouvert') && done({ child, opened: true, code: null, stderr }));
    child.once('exit', (code) => done({ child, opened: false, code, stderr }));
  });
}

/** A process of tests/fixtures/race-lock.ts on `dir`, once it is ready; `next()` is its next line. */
async function contender(dir: string) {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [racer, dir]);
  const lines: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (waiting.length) waiting.shift()!(line);
    else lines.push(line);
  });
  child.once('exit', (code) => {
    for (const w of waiting.splice(0)) w(`sorti (${code})`);
  });
  const next = () => (lines.length ? Promise.resolve(lines.shift()!) : new Promise<string>((r) => waiting.push(r)));
  expect(await next()).toBe('prêt');
  return { child, next };
}

describe('one process per PGlite folder', () => {
  it('refuses a second holder in French, naming the folder and the process, until the first lets go', () => {
    const dir = fresh();
    const release = lockDataFolder(dir);
    expect(() => lockDataFolder(dir)).toThrow(
      new RegExp(
        `La base de données ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} est déjà ouverte par un autre processus \\(pid ${process.pid} sur `,
      ),
    );
    release();
    // The record of who holds it goes; the file the kernel locks stays (a new file would be a new lock).
    expect([existsSync(lockFileOf(dir)), existsSync(osLockFileOf(dir))]).toEqual([false, true]);
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
    // Two processes each migrate a fresh PGlite: on a machine busy with the rest of the suite that takes a while.
  }, 180_000);

  it('8 processes taking a lock left by a dead one at the same instant: exactly one wins, 40 rounds over', async () => {
    const dir = fresh();
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    writeFileSync(lockFileOf(dir), JSON.stringify({ pid: dead, host: hostname(), since: '2026-11-01T00:00:00.000Z' }));
    const pool = await Promise.all(Array.from({ length: 8 }, () => contender(dir)));
    let spare: ReturnType<typeof contender> | null = null;
    const refusal = new RegExp(
      `^refusé: La base de données ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} est (déjà ouverte|en cours d’ouverture) par un autre processus`,
    );
    try {
      for (let round = 0; round < 40; round++) {
        // The next round's eighth process starts meanwhile; it takes no part in this round.
        spare = contender(dir);
        for (const c of pool) c.child.stdin.write('go\n');
        const said = await Promise.all(pool.map((c) => c.next()));
        const winners = said.flatMap((line, i) => (line === 'pris' ? [i] : []));
        expect(winners, `round ${round}: ${said.join(' | ')}`).toHaveLength(1);
        for (const line of said.filter((l) => l !== 'pris')) expect(line).toMatch(refusal);
        // The winner dies holding the lock (kill -9), so the next round starts from a lock left by a dead process.
        const [w] = pool.splice(winners[0]!, 1);
        w!.child.kill('SIGKILL');
        await new Promise((r) => w!.child.once('exit', r));
        pool.push(await spare);
        spare = null;
      }
    } finally {
      for (const c of [...pool, ...(spare ? [await spare] : [])]) c.child.kill('SIGKILL');
    }
  }, 240_000);
});
