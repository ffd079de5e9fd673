/** PostgreSQL backups through the machine's own `pg_dump` and `pg_restore` (README "Backups"): a custom-format archive. */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import pg from 'pg';

/** Where a PostgreSQL database is, for messages: host, port and name, never the user or the password. */
export function describeUrl(url: string): string {
  const u = new URL(url);
  return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
}

/** The URL without its password, and the password apart (handed to the tools as PGPASSWORD, out of the process list). */
function splitPassword(url: string): { url: string; password: string | undefined } {
  const u = new URL(url);
  const password = u.password ? decodeURIComponent(u.password) : (u.searchParams.get('password') ?? undefined);
  u.password = '';
  u.searchParams.delete('password');
  return { url: u.toString(), password };
}

/** The path of a PostgreSQL client program: on PATH, else the newest under /usr/lib/postgresql/<version>/bin; null when absent. */
export function findPgTool(name: 'pg_dump' | 'pg_restore', env: Record<string, string | undefined> = process.env): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin', name))) return join(root, v, 'bin', name);
  return null;
}

const missingTool = (name: string) =>
  `${name} est introuvable : installez les outils clients de PostgreSQL (paquet postgresql-client, de la même version que le serveur ou plus récente), ou ajoutez leur dossier au PATH.`;

/** Runs a PostgreSQL tool with the password in its environment; resolves with its standard output, or throws its French failure. */
function runTool(name: 'pg_dump' | 'pg_restore', args: string[], password: string | undefined, env: Record<string, string | undefined>) {
  const path = findPgTool(name, env);
  if (!path) return Promise.reject(new Error(missingTool(name)));
  return new Promise<string>((resolve, reject) => {
    const child = spawn(path, args, {
      env: { ...process.env, ...env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.once('error', (e) => reject(new Error(`${name} n’a pas pu être lancé : ${e.message}`)));
    child.once('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${name} a échoué (code ${code}) : ${err.trim() || 'aucun message'}`));
    });
  });
}

/** Writes the database at `url` to `file` as a custom-format archive (`pg_dump -Fc`, without owners or grants), as seen by `snapshot` when given. */
export async function dumpPostgres(
  url: string,
  file: string,
  env: Record<string, string | undefined> = process.env,
  snapshot?: string,
): Promise<void> {
  const { url: bare, password } = splitPassword(url);
  const args = ['--format=custom', '--no-owner', '--no-privileges', ...(snapshot ? ['--snapshot', snapshot] : []), '--file', file];
  await runTool('pg_dump', [...args, '--dbname', bare], password, env);
}

/** Reads an archive's table of contents: throws when `pg_restore` cannot read it (damaged, cut short, too new for it). */
export async function checkArchive(file: string, env: Record<string, string | undefined> = process.env): Promise<void> {
  await runTool('pg_restore', ['--list', file], undefined, env);
}

/** Restores an archive into the database at `url`, all or nothing (one transaction, stopping at the first error). */
export async function restorePostgres(url: string, file: string, env: Record<string, string | undefined> = process.env): Promise<void> {
  const { url: bare, password } = splitPassword(url);
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', bare, file],
    password,
    env,
  );
}

/** How many tables the shop's schemas (`public`, and `drizzle` where the migrations are recorded) hold at `url`. */
export async function shopTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (err) {
    // The first contact with the database: its refusal said in French, with where (never who or the password).
    throw new Error(`Connexion à PostgreSQL (${describeUrl(url)}) impossible : ${(err as Error).message}.`);
  }
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Runs `work` in one transaction (opened by `begin`) on a connection of its own to `url`: committed when it returns, rolled back when it throws. */
export async function pgTransaction<T>(url: string, work: (client: pg.Client) => Promise<T>, begin = 'begin'): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(begin);
    const out = await work(client);
    await client.query('commit');
    return out;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/** Empties the database at `url` of the shop (`--clean`): its schemas dropped, an empty `public` made again. */
export const clearPostgres = (url: string): Promise<void> =>
  pgTransaction(url, async (client) => {
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema if exists public cascade');
    await client.query('create schema public');
  });
