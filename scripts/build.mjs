// `npm run build`: Astro build (its static pages name the payment providers the environment's settings turn on), the background worker /sw.js (Workbox), precompressed twins of text files, then the stamp that lets `npm start` skip the next build.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { BUILT_PROVIDERS_FILE, providersOfEnvironment } from '../src/server/payments/offered.ts';
import { buildStamp } from './build-stamp.mjs';
import { buildServiceWorker } from './build-sw.mjs';
import { precompress } from './precompress.mjs';

const stamp = buildStamp();
// Read here, with the shop's own NODE_ENV: Astro sets NODE_ENV=production for its build, which would turn the demonstration off.
const providers = providersOfEnvironment().join(',');
const r = spawnSync('astro', ['build'], { stdio: 'inherit', env: { ...process.env, BUILT_PAYMENT_PROVIDERS: providers } });
if (r.status !== 0) process.exit(r.status ?? 1);
const sw = await buildServiceWorker('dist/client');
console.log(`/sw.js : ${sw.count} fichiers en précache (${(sw.size / 1024).toFixed(0)} KB)`);
precompress('dist/client');
// What the static pages advertise, so the server says so at start if it takes other providers.
writeFileSync(`dist/${BUILT_PROVIDERS_FILE}`, providers);
writeFileSync('dist/.build-stamp', stamp);
