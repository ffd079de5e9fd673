/**
 * PGlite as drizzle-orm's client, with drizzle's value parsers merged once into the instance's table instead of with
 * every query.
 *
 * drizzle sends the same nine parsers with each query (dates, times, intervals and their arrays left as PostgreSQL's
 * text), and PGlite merges per-query parsers into a fresh copy of its whole table (about 320 type ids, sparse keys) on
 * every query: 0.1–0.3 ms of the shop's one thread per statement. Merged once, each query reads the same table.
 */
import { type PGlite, type Transaction, types } from '@electric-sql/pglite';

const asText = (value: string) => value;

/** drizzle-orm's parsers for PGlite (`drizzle-orm/pglite/session.js`): these types come back as text. */
const DRIZZLE_PARSERS: Readonly<Record<number, (value: string) => string>> = {
  [types.TIMESTAMP]: asText,
  [types.TIMESTAMPTZ]: asText,
  [types.INTERVAL]: asText,
  [types.DATE]: asText,
  1231: asText, // numeric[]
  1115: asText, // timestamp[]
  1185: asText, // timestamptz[]
  1187: asText, // interval[]
  1182: asText, // date[]
};

type Queryable = Pick<Transaction, 'query'>;

/** True when every per-query parser's type is one merged into the instance (drizzle's list as we know it). */
function merged(parsers: object): boolean {
  for (const id in parsers) if (!(id in DRIZZLE_PARSERS)) return false;
  return true;
}

/** `target`'s `query`, leaving out per-query parsers already merged; any other parser still goes with its query. */
function queryOf(target: Queryable): Queryable {
  return {
    query: (query, params, options) =>
      target.query(query, params, options?.parsers && merged(options.parsers) ? { ...options, parsers: undefined } : options),
  };
}

/**
 * The client to give drizzle-orm for `client`, an opened instance (its array types read): merges drizzle's parsers
 * into the instance's table, as PGlite would for each query, and answers the two calls drizzle makes (its session's
 * `query`, and `transaction`, whose own queries go the same way).
 */
export function drizzleClient(client: PGlite): PGlite {
  Object.assign(client.parsers, DRIZZLE_PARSERS);
  const wrapped = {
    ...queryOf(client),
    transaction: <T>(run: (tx: Transaction) => Promise<T>) => client.transaction((tx) => run(queryOf(tx) as Transaction)),
  };
  return wrapped as unknown as PGlite;
}
