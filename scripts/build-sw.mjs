// Builds /sw.js after `astro build`: esbuild bundles src/worker/sw.ts with Workbox, then workbox-build's injectManifest
// writes the precache list (revisioned) of dist/client into it.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';

// The back office never works offline and shoppers never load it: its chunks stay out of the precache. (The form kit
// and the file picker are the shoppers' too: their forms and the profile's photo.)
export const ADMIN_ONLY = ['_astro/{Admin,admin}*', '_astro/{AuditJournal,CustomerFollowUp,PageNav,upload}.*'];

/**
 * What the shop's first views need: the scripts and styles, icons, the manifest and the offline page (which shows the
 * cart from browser storage; the carts' own pages are drawn per shopper by the server, so never kept).
 */
export const PRECACHE = ['_astro/*.{js,css}', '*.{svg,png,webmanifest}', 'icons/*.{svg,png}', 'hors-ligne/index.html'];

/** `dir/index.html` is served at `/dir`: the precache keys follow the shop's own URLs. */
function cleanUrls(entries) {
  return {
    manifest: entries.map((e) => ({
      ...e,
      url: e.url.endsWith('/index.html') ? `/${e.url.slice(0, -'/index.html'.length)}` : `/${e.url}`,
    })),
    warnings: [],
  };
}

/** The precache part of the Workbox options for the built files in `dir` (shared with getManifest in the tests). */
export function precacheOptions(dir) {
  return {
    globDirectory: dir,
    globPatterns: PRECACHE,
    globIgnores: [...ADMIN_ONLY, 'sw.js', '**/*.{br,gz}'],
    // Hashed file names are their own revision.
    dontCacheBustURLsMatching: /^_astro\//,
    manifestTransforms: [cleanUrls],
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  };
}

/** Writes `${dir}/sw.js`; returns how many files it precaches and their total size. */
export async function buildServiceWorker(dir = 'dist/client', tmp = 'dist/sw.bundle.js') {
  await build({
    entryPoints: ['src/worker/sw.ts'],
    outfile: tmp,
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    // Workbox logs only when NODE_ENV isn't production.
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'warning',
  });
  const { count, size, warnings } = await injectManifest({ swSrc: tmp, swDest: `${dir}/sw.js`, ...precacheOptions(dir) });
  rmSync(tmp, { force: true });
  for (const w of warnings) console.warn(`[sw] ${w}`);
  return { count, size };
}
