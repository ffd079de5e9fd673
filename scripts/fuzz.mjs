// `npm run fuzz`: the property-based fuzz suite of the API (src/server/routes/fuzz.test.ts) at 1,000 runs per route,
// on PGlite and, with TEST_DATABASE_URL, on PostgreSQL. FUZZ_RUNS changes the count, FUZZ_SEED replays a failure.
import { spawnSync } from 'node:child_process';

const runs = process.env.FUZZ_RUNS ?? '1000';
console.log(
  `Fuzzing de l’API : ${runs} essais par route${process.env.TEST_DATABASE_URL ? ', sur PGlite puis PostgreSQL' : ', sur PGlite'}`,
);
const { status } = spawnSync('vitest', ['run', 'src/server/routes/fuzz.test.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs },
});
process.exit(status ?? 1);
