// Builds the storefront when dist/ is missing, older than its sources, or built for other payment providers (npm start, npm test, npm run bench).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { buildStamp } from './build-stamp.mjs';

const STAMP = 'dist/.build-stamp';

/** Runs `npm run build` unless dist/ matches the current sources. */
export function ensureBuild() {
  let wanted;
  try {
    wanted = buildStamp();
  } catch (err) {
    // A bad setting: the server's own French message, as `npm start` would print it.
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  if (existsSync('dist/server/entry.mjs') && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted) return;
  console.log('Construction du storefront (astro build)…');
  const r = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('La construction a échoué.');
    process.exit(r.status ?? 1);
  }
}

if (import.meta.main) ensureBuild();
