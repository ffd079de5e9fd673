// `npm test`: unit and API tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then browser journeys in Chromium.
import { spawnSync } from 'node:child_process';
import { runJourneys } from './e2e.mjs';

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

console.log('Vérification des types (astro sync, puis tsc --noEmit)');
// A fresh clone has no .astro/ types (astro:middleware, import.meta.env) until Astro writes them.
if (run('astro', ['sync']) !== 0 || run('tsc', ['--noEmit']) !== 0) process.exit(1);

console.log(
  process.env.TEST_DATABASE_URL
    ? `Tests unitaires et API (PGlite, puis PostgreSQL : ${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//…@')})`
    : 'Tests unitaires et API (PGlite ; définissez TEST_DATABASE_URL pour rejouer la suite API sur PostgreSQL)',
);
// The cluster tests run several processes on one database, which only PostgreSQL allows (src/server/cluster/cluster.test.ts).
const cluster = 'src/server/cluster/cluster.test.ts';
if (!process.env.TEST_DATABASE_URL)
  console.log(`Tests de grappe (HAProxy devant trois instances) non lancés : ils demandent TEST_DATABASE_URL (${cluster}).`);
if (run('vitest', ['run', ...(process.env.TEST_DATABASE_URL ? [] : ['--exclude', cluster])]) !== 0) process.exit(1);

// The journeys, in two shards at once (scripts/e2e.mjs).
process.exit(await runJourneys());
