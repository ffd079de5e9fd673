// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { MEMBER_MARKS_HASH } from './src/features/account/member-marks.ts';
import { EARLY_TAPS_HASH } from './src/features/frame/early-taps.ts';
import { SPRITE_VERSION } from './src/components/ui/sprite.ts';
import { astroEntries, compileHintFor, firstLine, inPackages, staticClosure } from './scripts/static-imports.mjs';

/**
 * Page CSP directives besides scripts and styles: same origin, plus the API's origin when it lives elsewhere.
 * @returns {Array<`${'default-src'|'img-src'|'connect-src'|'font-src'|'worker-src'|'manifest-src'|'object-src'|'base-uri'|'form-action'} ${string}`>}
 */
function cspDirectives() {
  const api = process.env.PUBLIC_API_URL ? new URL(process.env.PUBLIC_API_URL).origin : '';
  // A third-party location lookup (PUBLIC_LOCATION_URL) must be reachable too.
  const lookup = /^https?:\/\//.test(process.env.PUBLIC_LOCATION_URL ?? '')
    ? ` ${new URL(process.env.PUBLIC_LOCATION_URL ?? '').origin}`
    : '';
  return [
    "default-src 'self'",
    `img-src 'self' data: blob:${api ? ` ${api}` : ''}`,
    `connect-src 'self'${api ? ` ${api}` : ''}${lookup}`,
    "font-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
}

// What every shopper page loads: what the shop's frame (`src/layouts/Layout.astro` and the .astro components it renders)
// hydrates once the page is idle or at load, and the scripts it bundles (header counts, session links, toasts,
// collection reactions, the contact dock). What they import, read from their static imports, travels as one chunk
// instead of a chunk per set of importers. The frame's scripts and islands themselves, and what only one of them
// imports, stay in their own chunk (the frame budget weighs the contact dock's); other islands' own modules stay out,
// so a page loads only what its islands import.
const FRAME_ENTRIES = astroEntries('src/layouts/Layout.astro', ['load', 'idle']);
const frame = staticClosure([...FRAME_ENTRIES]);
/** @param {string} id */
const eagerShared = (id) => (frame.files.has(id) && !FRAME_ENTRIES.has(id)) || inPackages(id, frame.packages);

// What every island imports: React's own small modules and the store hooks. One chunk, loaded with the first island
// only; it takes precedence over `shared` (the frame's islands import React too).
const ISLAND_PACKAGES = ['react', '@nanostores/react'];
/** @param {string} id */
const islandKit = (id) => inPackages(id, ISLAND_PACKAGES);

// What every island runs on a tap: React DOM's event dispatch, then the update and commit of a hydrated tree, and the
// stores. Left to V8's lazy compilation, what hydration had not run yet was compiled function by function inside the
// shopper's first tap (V8's log: about 60 functions, two thirds of that tap's compile time, at 4× CPU). The compile
// hint has these chunks compiled whole as they stream in, off the main thread; the code cache keeps them so.
const compileHint = compileHintFor([...ISLAND_PACKAGES, 'react-dom', 'nanostores']);

// Pages are static unless they opt into `export const prerender = false` (live data on first view).
// The Node adapter runs in middleware mode: src/server/main.ts serves static files, /api and Astro together.
export default defineConfig({
  site: process.env.PUBLIC_SITE_URL || 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  // Caches inside the checkout, so several worktrees sharing one node_modules never build over each other.
  cacheDir: './.cache/astro',
  vite: {
    plugins: [tailwindcss(), firstLine(compileHint)],
    // The icon sprite's URL carries its content hash (components/ui/Icon.tsx).
    define: {
      'import.meta.env.ICON_SPRITE_VERSION': JSON.stringify(SPRITE_VERSION),
      // The payment providers the settings turn on, named by the static pages' footer (features/orders/offered-providers.ts):
      // scripts/build.mjs reads them before Astro sets NODE_ENV=production for its build; unset (astro dev), every one.
      'import.meta.env.BUILT_PAYMENT_PROVIDERS': JSON.stringify(process.env.BUILT_PAYMENT_PROVIDERS ?? 'wave,orange'),
    },
    cacheDir: './.cache/vite',
    build: {
      rolldownOptions: {
        output: {
          // Dozens of tiny modules every page needs at once (the frame's stores, small rules, nanostores) would each pay
          // a request and their own compression on slow phones: they travel as one chunk. Lazily loaded code (the API
          // client, zod schemas) and the islands' own modules are left out.
          codeSplitting: {
            groups: [
              { name: 'islands', test: islandKit, priority: 1 },
              { name: 'shared', test: eagerShared, minShareCount: 2 },
            ],
          },
        },
      },
    },
  },
  build: { inlineStylesheets: 'auto' },
  compressHTML: true,
  // Astro writes script-src and style-src with the hashes of each page; the rest of the policy is ours.
  security: { csp: { directives: cspDirectives(), scriptDirective: { hashes: [MEMBER_MARKS_HASH, EARLY_TAPS_HASH] } } },
  server: { port: Number(process.env.PORT || 4321) },
  devToolbar: { enabled: false },
});
