import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { copyFileSync } from 'node:fs';
import { precacheOptions } from '../scripts/build-sw.mjs';
for (const [src, out] of [['src/worker/sw-old.ts', '/tmp/sw-old.js'], ['src/worker/sw.ts', '/tmp/sw-new.js']]) {
  await build({ entryPoints: [src], outfile: '/tmp/ft-bundle.js', bundle: true, format: 'iife', minify: true, target: 'es2020', define: { 'process.env.NODE_ENV': '"production"' }, legalComments: 'none', logLevel: 'warning' });
  const { count } = await injectManifest({ swSrc: '/tmp/ft-bundle.js', swDest: '/tmp/ft-client/sw.js', ...precacheOptions('/tmp/ft-client') });
  copyFileSync('/tmp/ft-client/sw.js', out);
  console.log(out, count);
}
