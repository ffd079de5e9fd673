import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHaproxy, NEEDS_HAPROXY, NEEDS_POSTGRES } from './cluster.ts';

/** `npm run cluster` with `env` instead of DATABASE_URL and PATH of this process: what it printed and its exit code. */
function cluster(args: string[], env: Record<string, string>) {
  const clean = { ...process.env, ...env };
  delete clean.DATABASE_URL;
  if (env.DATABASE_URL) clean.DATABASE_URL = env.DATABASE_URL;
  const r = spawnSync(process.execPath, ['scripts/cluster.mjs', ...args], { env: clean, encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr };
}

describe('npm run cluster refuses, in French and before building, what it cannot run', () => {
  it.each([
    ['no PostgreSQL to share', [], {}, NEEDS_POSTGRES],
    ['a cluster of no instance', ['--instances', '0'], {}, '--instances : un nombre entier de 1 à 16.'],
    [
      'a port the instances cannot follow',
      ['--port', '65535'],
      {},
      '--port : un port de 1 à 65532 (les instances prennent les 3 suivants).',
    ],
    ['no HAProxy', ['--haproxy', '/nulle/part/haproxy'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/rien' }, NEEDS_HAPROXY],
  ])('%s', (_what, args, env, message) => {
    const r = cluster(args, env);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(message);
  });
});

describe('finding HAProxy', () => {
  it('takes the first executable haproxy of the folders, and none when there is none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'boutique-haproxy-'));
    try {
      const program = join(dir, 'haproxy');
      writeFileSync(program, '#!/bin/sh\n', { mode: 0o644 });
      expect(findHaproxy(undefined, ['/nulle/part', dir])).toBeNull();
      chmodSync(program, 0o755);
      expect(findHaproxy(undefined, ['/nulle/part', dir])).toBe(program);
      expect(findHaproxy(join(dir, 'absent'), [dir])).toBeNull();
      expect(findHaproxy(program, [])).toBe(program);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
