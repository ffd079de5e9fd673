// React's own floor: React 19 + react-dom hydrating one component, built by Vite for production, brotli 11 —
// the least JavaScript any page with a React island can send. Measured in each bench run, so ratios compare like with like.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const ENTRY = `import { createElement, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
function Counter() {
  const [n, setN] = useState(0);
  return createElement('button', { type: 'button', onClick: () => setN(n + 1) }, 'Clics : ', n);
}
hydrateRoot(document.getElementById('root'), createElement(Counter));
`;

/** Builds the one-component app in a temp folder and returns its JS bytes, brotli (quality 11) and raw. */
export async function reactFloor() {
  const { build } = await import('vite');
  const dir = mkdtempSync(join(tmpdir(), 'boutique-react-floor-'));
  try {
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><div id="root"><button type="button">Clics : 0</button></div><script type="module" src="./main.js"></script>',
    );
    writeFileSync(join(dir, 'main.js'), ENTRY);
    await build({
      root: dir,
      logLevel: 'silent',
      configFile: false,
      mode: 'production',
      resolve: { alias: { react: resolve('node_modules/react'), 'react-dom': resolve('node_modules/react-dom') } },
      build: { outDir: join(dir, 'dist'), emptyOutDir: true },
    });
    let brotli = 0,
      raw = 0;
    const assets = join(dir, 'dist', 'assets');
    for (const name of readdirSync(assets).filter((n) => n.endsWith('.js'))) {
      const data = readFileSync(join(assets, name));
      raw += data.length;
      brotli += brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    }
    return { brotli, raw };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
