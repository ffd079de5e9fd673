// Starts the built shop the way `npm start` serves it, on a throw-away database and a free loopback port.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defer } from './cleanup.mjs';

const HOST = '127.0.0.1';

/** Asks the OS for a free TCP port on the loopback interface. */
export function freePort() {
  return new Promise((ok, fail) => {
    const probe = createServer().once('error', fail);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });
}

/** Runs a command to completion with the bench's environment; rejects with its last output lines on failure. */
function run(cmd, args, env) {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.once('error', fail);
    child.once('exit', (code, signal) =>
      code === 0 ? ok(out) : fail(new Error(`${cmd} ${args.join(' ')} a échoué (${signal ?? code}) :\n${tail(out)}`)),
    );
  });
}

const tail = (text, n = 15) => text.trim().split('\n').slice(-n).join('\n');

/** Waits until the child process exits, killing it harder after `ms`. */
function stopChild(child, ms = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    const hard = setTimeout(() => child.kill('SIGKILL'), ms);
    child.once('exit', () => {
      clearTimeout(hard);
      ok();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Seeds a temp DATA_DIR (or the PostgreSQL `databaseUrl`) with the demo plus `products` extra products and `years` of history, starts `node src/server/main.ts` on it
 * and waits for /api/health. `stop()` ends the server before the bench's cleanup does.
 */
export async function startShop({ products = 0, years = 0, databaseUrl = '', timeoutMs = 180_000 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'boutique-bench-'));
  defer(
    () => rmSync(dataDir, { recursive: true, force: true }),
    () => rmSync(dataDir, { recursive: true, force: true }),
  );
  // LOG_REQUESTS defaults to false here (a log line per request would be measured too); set it to see the server's log tail on failure.
  // A production server (React's production build) on the demo shop (SEED=demo): its accounts are how the bench logs in.
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    LOG_REQUESTS: process.env.LOG_REQUESTS || 'false',
    SEED: 'demo',
  };

  // PGlite takes one process at a time: the seed CLI runs to completion before the server opens the same directory.
  const seedArgs = [...(products > 0 ? ['--products', String(products)] : []), ...(years > 0 ? ['--years', String(years)] : [])];
  await run('npm', ['run', '--silent', 'seed', '--', ...seedArgs], env);

  const port = await freePort();
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d) => {
    out = (out + d).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  defer(
    () => stopChild(child),
    () => child.kill('SIGKILL'),
  );

  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + timeoutMs;
  let unhealthy = 0;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Le serveur s'est arrêté (code ${child.exitCode}) :\n${tail(out)}`);
    const status = await fetch(`${url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { url, dataDir, stop: () => stopChild(child) };
    // Listening but answering errors: give it ~10 s, then say what it prints instead of waiting out the timeout.
    if (status && ++unhealthy > 40) throw new Error(`/api/health répond ${status} :\n${tail(out)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Le serveur n'a pas répondu à /api/health en ${timeoutMs / 1000} s :\n${tail(out)}`);
}
