/** What the server log says of an error: never the values a query was given (they may be a shopper's e-mail, phone or address). */
import { DrizzleQueryError } from 'drizzle-orm/errors';

// A database error as pg and PGlite throw it: SQLSTATE code and message; `detail` is left out, as it repeats values.
interface DatabaseFailure {
  code?: unknown;
  message?: unknown;
  table?: unknown;
  constraint?: unknown;
}

// PostgreSQL quotes the offending value at the end of some messages (`invalid input syntax for type integer: "…"`).
const withoutValue = (message: string) => message.replace(/: ".*"$/s, ': "…"');

// The call stack without the first line, which repeats the message.
const frames = (err: Error) =>
  (err.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 8)
    .join('\n');

function database(cause: DatabaseFailure): string {
  const parts = [
    typeof cause.code === 'string' ? `SQLSTATE ${cause.code}` : null,
    typeof cause.message === 'string' ? withoutValue(cause.message) : null,
  ];
  if (typeof cause.constraint === 'string') parts.push(`contrainte ${cause.constraint}`);
  else if (typeof cause.table === 'string') parts.push(`table ${cause.table}`);
  return parts.filter(Boolean).join(' — ');
}

// The database refused or dropped the connection, or cannot be reached: too many clients (53300), starting or stopping
// (57P01–57P03), a connection that failed (class 08), nothing listening or no route to it.
const UNREACHABLE = /^(53300|57P0[123]|08\d{3}|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND|EAI_AGAIN)$/;

type Coded = { code?: unknown; routine?: unknown; cause?: unknown };

// `err` and its causes (drizzle wraps the driver's error, which may wrap a socket's), nearest first.
function chainOf(err: unknown): Coded[] {
  const chain: Coded[] = [];
  for (let e = err as Coded | undefined, depth = 0; e && depth < 3; e = e.cause as Coded | undefined, depth++) chain.push(e);
  return chain;
}

function codesOf(err: unknown): string[] {
  return chainOf(err).flatMap((e) => (typeof e.code === 'string' ? [e.code] : []));
}

// 55000 is a broad class; at connection time (PostgreSQL's CheckMyDatabase) it is a database closed to connections
// (ALTER DATABASE … ALLOW_CONNECTIONS false, as during a restore or a migration by hand).
const unreachable = (e: Coded): e is Coded & { code: string } =>
  typeof e.code === 'string' && (UNREACHABLE.test(e.code) || (e.code === '55000' && e.routine === 'CheckMyDatabase'));

/** The code of `err` (or of its cause) when the database could not be reached, else null: the request may be sent again. */
export function unreachableDatabase(err: unknown): string | null {
  return chainOf(err).find(unreachable)?.code ?? null;
}

/**
 * Why a readiness check failed (README "Operating"), for `/readyz`, which anyone may read: the database's code only
 * (SQLSTATE or a system code), never the query's text or values (the log has the query).
 */
export function readinessFailure(err: unknown): string {
  const unreachable = unreachableDatabase(err);
  if (unreachable) return `base de données injoignable (${unreachable})`;
  const code = codesOf(err).find((c) => /^[0-9A-Z_]{2,}$/.test(c));
  return code ? `base de données en erreur (${code})` : 'base de données en erreur';
}

/** One log entry for `err`: a failed query gives its SQL text, code and message, never its parameters nor the values in `detail`. */
export function describeError(err: unknown): string {
  if (err instanceof DrizzleQueryError) {
    const cause = (err.cause ?? {}) as DatabaseFailure;
    return [`requête en échec : ${err.query}`, database(cause), frames(err)].filter(Boolean).join('\n');
  }
  if (err instanceof Error) {
    const failure = err as Error & DatabaseFailure;
    const head = typeof failure.code === 'string' && /^[0-9A-Z]{5}$/.test(failure.code) ? database(failure) : `${err.name}: ${err.message}`;
    return [head, frames(err)].filter(Boolean).join('\n');
  }
  return String(err);
}
