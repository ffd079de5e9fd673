import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzleClient } from './pglite-parsers.ts';

// Each value as drizzle-orm reads it from PGlite: the types drizzle keeps as text, and the ones PGlite parses.
const VALUES: Array<[string, string]> = [
  ['timestamptz', `'2026-11-29 08:15:00.123+00'::timestamptz`],
  ['timestamp', `'2026-11-29 08:15:00'::timestamp`],
  ['date', `'2026-11-29'::date`],
  ['interval', `'30 minutes'::interval`],
  ['numeric[]', `array[1.5, 2]::numeric[]`],
  ['timestamp[]', `array['2026-11-29 08:15'::timestamp]`],
  ['timestamptz[]', `array['2026-11-29 08:15+00'::timestamptz]`],
  ['interval[]', `array['1 day'::interval]`],
  ['date[]', `array['2026-11-29'::date]`],
  ['int4', `42`],
  ['int4[]', `array[1, 2, 3]`],
  ['int8', `9007199254740991::int8`],
  ['numeric', `12.50::numeric`],
  ['bool', `true`],
  ['jsonb', `'{"a": [1, "é"]}'::jsonb`],
  ['text', `'Réfrigérateur'`],
  ['text[]', `array['a', 'b']`],
  ['null', `null::timestamptz`],
];

describe('drizzle on PGlite with its parsers merged once', () => {
  let plain: PGlite;
  let merged: PGlite;
  beforeAll(async () => {
    [plain, merged] = await Promise.all([PGlite.create(), PGlite.create()]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), merged.close()]);
  });

  it.each(VALUES)('reads %s as drizzle does on its own', async (_type, expression) => {
    const query = sql.raw(`select ${expression} as v`);
    const select = (db: ReturnType<typeof drizzle>) => db.execute(query).then((r) => r.rows[0]?.v);
    const expected = await select(drizzle(plain));
    expect(await select(drizzle({ client: drizzleClient(merged) }))).toEqual(expected);
    // And inside a transaction, where drizzle queries the transaction, not the instance.
    expect(await drizzle({ client: drizzleClient(merged) }).transaction((tx) => tx.execute(query).then((r) => r.rows[0]?.v))).toEqual(
      expected,
    );
  });

  it('keeps the types drizzle leaves as text as text, and parses the others', async () => {
    const db = drizzle({ client: drizzleClient(merged) });
    const row = (await db.execute(sql`select now() as at, 7 as n, array[now()] as ats`)).rows[0];
    expect(typeof row?.at).toBe('string');
    expect(row?.n).toBe(7);
    expect(typeof row?.ats).toBe('string');
  });

  it('sends drizzle’s queries to PGlite without parsers, so PGlite has no table to copy', async () => {
    const client = await PGlite.create();
    const sent: unknown[] = [];
    const query = client.query.bind(client);
    client.query = (text, params, options) => {
      sent.push(options && 'parsers' in options ? options.parsers : 'none');
      return query(text, params, options);
    };
    try {
      const db = drizzle({ client: drizzleClient(client) });
      await db.execute(sql`select now() as at`);
      await db.execute(sql`select 1 as n`);
      expect(sent).toEqual([undefined, undefined]);
    } finally {
      await client.close();
    }
  });

  it('still applies a parser the instance does not hold, with its own query', async () => {
    const client = drizzleClient(merged);
    const result = await client.query<{ n: string }>('select 41 as n', [], { parsers: { 23: (v) => `n° ${Number(v) + 1}` } });
    expect(result.rows[0]?.n).toBe('n° 42');
    const inTx = await client.transaction((tx) => tx.query<{ n: string }>('select 1 as n', [], { parsers: { 23: () => 'un' } }));
    expect(inTx.rows[0]?.n).toBe('un');
  });

  it('rolls a failed transaction back, as PGlite does', async () => {
    const db = drizzle({ client: drizzleClient(merged) });
    await db.execute(sql`create table if not exists kept (n int)`);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (1)`);
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect((await db.execute(sql`select count(*)::int as c from kept`)).rows[0]?.c).toBe(0);
  });
});
