import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { closedPort } from '../../../tests/fixtures/ports.ts';

// Databases that refuse the connection for real: nothing listening, PostgreSQL refusing a role at its limit (the
// answer a shop gets at max_connections), and a database closed to connections (as during a restore by hand).
async function refusals(): Promise<[string, string, () => string][]> {
  const port = await closedPort();
  const rows: [string, string, () => string][] = [['nothing listens', 'ECONNREFUSED', () => `postgres://postgres@127.0.0.1:${port}/x`]];
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    const role = 'boutique_full';
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`DO $$ BEGIN CREATE ROLE ${role} LOGIN CONNECTION LIMIT 0; EXCEPTION WHEN duplicate_object THEN NULL; END $$`);
    const closed = 'boutique_closed';
    await admin.query(`CREATE DATABASE ${closed}`).catch((err: { code?: string }) => {
      // Made by an earlier run (42P04), or by another at the same moment (23505).
      if (err.code !== '42P04' && err.code !== '23505') throw err;
    });
    await admin.query(`ALTER DATABASE ${closed} ALLOW_CONNECTIONS false`);
    await admin.end();
    rows.push([
      'PostgreSQL has no connection left for it',
      '53300',
      () => {
        const url = new URL(base);
        url.username = role;
        return url.toString();
      },
    ]);
    rows.push([
      'the database is closed to connections',
      '55000',
      () => {
        const url = new URL(base);
        url.pathname = '/boutique_closed';
        return url.toString();
      },
    ]);
  }
  return rows;
}

const cases = await refusals();

describe.each(testDatabases())('a database that cannot be reached, on a shop on $name', (kind) => {
  let t: TestApi;
  const pools: pg.Pool[] = [];
  beforeAll(async () => {
    t = await setupApi(kind);
    // A route reading through a pool whose database refuses it, as any route would when the shop's database does.
    t.app.get('/injoignable/:n', async (c) => {
      const pool = new pg.Pool({ connectionString: cases[Number(c.req.param('n'))]![2](), max: 1 });
      pools.push(pool);
      return c.json(await drizzle(pool).execute(sql`select 1`));
    });
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await t.close();
  });

  it.each(cases.map(([name, code], n) => [name, code, n] as const))(
    '%s: 503 in French with Retry-After, logged as a warning with %s',
    async (_, code, n) => {
      t.logs.length = 0;
      const res = await t.json(`/api/injoignable/${n}`);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.' });
      expect(res.headers.get('retry-after')).toBe('2');
      const entries = t.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(entries.filter((e) => e.msg === 'erreur interne')).toEqual([]);
      expect(entries.filter((e) => e.msg === 'base de données injoignable')).toEqual([
        expect.objectContaining({ level: 'warn', code, route: '/api/injoignable/:n', req_id: res.headers.get('x-request-id') }),
      ]);
    },
  );
});
