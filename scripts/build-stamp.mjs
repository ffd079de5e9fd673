// Fingerprint of everything the storefront build depends on, so `npm start` rebuilds only when needed.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { providersOfEnvironment } from '../src/server/payments/offered.ts';

const INPUTS = ['src', 'public', 'astro.config.mjs', 'scripts/build-sw.mjs', 'package-lock.json', 'tsconfig.json'];

function walk(path, hash) {
  let s;
  try {
    s = statSync(path);
  } catch {
    return;
  }
  if (s.isDirectory()) {
    for (const name of readdirSync(path).sort()) {
      // The API runs from source and tests never ship: neither needs a storefront rebuild.
      if (name.endsWith('.test.ts') || name.endsWith('.test.tsx') || join(path, name) === join('src', 'server')) continue;
      walk(join(path, name), hash);
    }
  } else {
    hash.update(path).update(readFileSync(path));
  }
}

/** Hex digest of the build inputs, and of the payment providers the settings turn on (the footer names them). */
export function buildStamp(root = '.') {
  const hash = createHash('sha256');
  for (const input of INPUTS) walk(join(root, input), hash);
  hash.update(`providers:${providersOfEnvironment().join(',')}`);
  return hash.digest('hex');
}
