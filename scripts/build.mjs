// `npm run build`: Astro build, the background worker /sw.js (Workbox), precompressed twins of text files, then the stamp that lets `npm start` skip the next build.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { buildStamp } from './build-stamp.mjs';
import { buildServiceWorker } from './build-sw.mjs';
import { precompress } from './precompress.mjs';

const stamp = buildStamp();
const r = spawnSync('astro', ['build'], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
const sw = await buildServiceWorker('dist/client');
console.log(`/sw.js : ${sw.count} fichiers en précache (${(sw.size / 1024).toFixed(0)} KB)`);
precompress('dist/client');
writeFileSync('dist/.build-stamp', stamp);
