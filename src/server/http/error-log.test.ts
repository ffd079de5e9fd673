import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { users } from '../db/schema.ts';
import { USERS } from '../../../tests/fixtures/catalogue.ts';

describe.each(testDatabases())('database errors in the log on $name', (kind) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await setupApi(kind);
    // Routes that fail in the database the way a route would, with a shopper's data in the parameters.
    t.app.get('/echec/syntaxe', async (c) => c.json(await c.var.deps.db.execute(sql`select ${'aminata.secret@exemple.sn'}::int as n`)));
    t.app.get('/echec/doublon', async (c) => {
      await c.var.deps.db.insert(users).values({
        name: 'Doublon',
        email: USERS.customer.email,
        partnerPhone: '+221770009999',
        passwordHash: 'x',
        role: 'customer',
      } as never);
      return c.json({});
    });
  });
  afterAll(() => t.close());

  it.each([
    ['/api/echec/syntaxe', 'aminata.secret@exemple.sn', /SQLSTATE 22P02/, /select \$1::int as n/],
    ['/api/echec/doublon', USERS.customer.email, /SQLSTATE 23505 — .*contrainte users_email/, /insert into "users"/],
  ])('%s: 500 in French, and the log names the query and the code but no value', async (path, secret, code, query) => {
    t.logs.length = 0;
    const res = await t.json(path);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: 'Erreur interne du serveur. Veuillez réessayer.' });
    // The error's entry in the structured log: level error, the request's id and route, the query and code, no value.
    const entries = t.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.msg === 'erreur interne');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ level: 'error', route: path, req_id: res.headers.get('x-request-id') });
    const logged = t.loggedText();
    expect(String(entries[0]!.err)).toMatch(code);
    expect(String(entries[0]!.err)).toMatch(query);
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('+221770009999');
    expect(logged).not.toMatch(/params:/);
  });
});
