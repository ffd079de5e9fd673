// `npm test`: unit and API tests (PGlite, plus PostgreSQL when TEST_DATABASE_URL is set), then browser journeys in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from './ensure-build.mjs';

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

console.log('Vérification des types (astro sync, puis tsc --noEmit)');
// A fresh clone has no .astro/ types (astro:middleware, import.meta.env) until Astro writes them.
if (run('astro', ['sync']) !== 0 || run('tsc', ['--noEmit']) !== 0) process.exit(1);

console.log(process.env.TEST_DATABASE_URL
  ? `Tests unitaires et API (PGlite, puis PostgreSQL : ${process.env.TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//…@')})`
  : 'Tests unitaires et API (PGlite ; définissez TEST_DATABASE_URL pour rejouer la suite API sur PostgreSQL)');
if (run('vitest', ['run']) !== 0) process.exit(1);

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);
const chromium = candidates.find((p) => existsSync(p));
if (!chromium) {
  console.error([
    '',
    'Aucun navigateur Chromium trouvé : les tests navigateur ne peuvent pas tourner.',
    '  Debian/Ubuntu : sudo apt-get install chromium',
    '  Ailleurs : installez Chromium ou Chrome et indiquez son chemin, par ex. CHROMIUM_PATH=/chemin/vers/chrome npm test',
    '',
  ].join('\n'));
  process.exit(1);
}

ensureBuild();
const dataDir = mkdtempSync(join(tmpdir(), 'boutique-e2e-'));
const status = run('playwright', ['test'], { CHROMIUM_PATH: chromium, E2E_DATA_DIR: dataDir });
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
