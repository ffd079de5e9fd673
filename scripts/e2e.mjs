// `npm run test:e2e`: the browser journeys in two shards at once, each with its own server, database and Chromium, so the
// two cores both work (a journey waits on the network and timers much of the time). `E2E_SHARDS=1` runs them in one.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from './ensure-build.mjs';

/** The system Chromium, or null. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(
    Boolean,
  );
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** Runs one shard of the journeys; resolves with its exit status. Its lines are prefixed so the two can be told apart. */
function shard(index, count, chromium, extraArgs) {
  const dataDir = mkdtempSync(join(tmpdir(), 'boutique-e2e-'));
  const port = String(Number(process.env.E2E_PORT || 4399) + index - 1);
  const args = ['test', ...(count > 1 ? [`--shard=${index}/${count}`] : []), ...extraArgs];
  const child = spawn('playwright', args, {
    env: {
      ...process.env,
      CHROMIUM_PATH: chromium,
      E2E_DATA_DIR: dataDir,
      E2E_PORT: port,
      E2E_OUTPUT: `test-results${count > 1 ? `/shard-${index}` : ''}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = count > 1 ? `[${index}/${count}] ` : '';
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    from.setEncoding('utf8');
    from.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) to.write(`${prefix}${line}\n`);
    });
    from.on('end', () => rest && to.write(`${prefix}${rest}\n`));
  }
  return new Promise((resolve) =>
    child.on('close', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? 1);
    }),
  );
}

/** Builds if needed, then runs every shard at once; resolves with 0 when all passed. */
export async function runJourneys(extraArgs = []) {
  const chromium = findChromium();
  if (!chromium) {
    console.error(
      [
        '',
        'Aucun navigateur Chromium trouvé : les tests navigateur ne peuvent pas tourner.',
        '  Debian/Ubuntu : sudo apt-get install chromium',
        '  Ailleurs : installez Chromium ou Chrome et indiquez son chemin, par ex. CHROMIUM_PATH=/chemin/vers/chrome npm test',
        '',
      ].join('\n'),
    );
    return 1;
  }
  ensureBuild();
  const count = Math.max(1, Number(process.env.E2E_SHARDS || 2));
  const codes = await Promise.all(Array.from({ length: count }, (_, i) => shard(i + 1, count, chromium, extraArgs)));
  return codes.every((c) => c === 0) ? 0 : 1;
}

if (import.meta.main) process.exit(await runJourneys(process.argv.slice(2)));
