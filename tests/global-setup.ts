/**
 * Once per `vitest run`: a migrated PGlite data folder dumped to a file, and a migrated PostgreSQL template database,
 * that every test file's fresh database starts from instead of running the migrations again; and the fixture
 * accounts' password hashes (scrypt), made once instead of once per database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { hashPassword } from '../src/server/auth/passwords.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { FIXTURE_PASSWORD_COST, FIXTURE_PASSWORDS } from './fixtures/catalogue.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a dump of a freshly migrated PGlite. */
    pgliteSnapshot: string;
    /** Name of a freshly migrated PostgreSQL database to copy, or '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
    /** scrypt hashes of the fixture accounts' passwords. */
    fixtureHashes: Record<string, string>;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'boutique-vitest-'));
  const pglite = await openDatabase({ dataDir: 'memory://' });
  const snapshot = join(dir, 'pglite.tar');
  writeFileSync(snapshot, Buffer.from(await (await pglite.dump!()).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteSnapshot', snapshot);

  // At a cost of 2^10 instead of the shop's 2^15: each login of a fixture account takes about 3 ms instead of up to
  // 170 ms of a core the suite shares. Passwords the tests set through the API are hashed at the shop's own cost.
  const hashes = Object.fromEntries(
    await Promise.all(FIXTURE_PASSWORDS.map(async (p) => [p, await hashPassword(p, FIXTURE_PASSWORD_COST)] as const)),
  );
  project.provide('fixtureHashes', hashes);

  const base = process.env.TEST_DATABASE_URL;
  let template = '';
  if (base) {
    template = `boutique_tpl_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${template}"`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${template}`;
    const migrated = await openDatabase({ url: url.toString(), poolSize: 1 });
    await migrated.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (base && template) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
      await admin.end();
    }
  };
}
