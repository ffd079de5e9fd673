// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { MEMBER_MARKS_HASH } from './src/features/account/member-marks.ts';
import { EARLY_TAPS_HASH } from './src/features/frame/early-taps.ts';
import { SPRITE_VERSION } from './src/components/ui/sprite.ts';
import { resolve } from 'node:path';
import { inPackages, staticClosure } from './scripts/static-imports.mjs';

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

// What every shopper page loads: the frame's two scripts (the layout's: header counts, session links, toasts and
// collection reactions; the contact dock's) and the frame's islands, hydrated once the page is idle (the header's search
// box and phone menu, the toast region). What they import, read from their static imports, travels as one chunk instead
// of a chunk per set of importers. The scripts and islands themselves, and what only one of them imports, stay in their
// own chunk (the frame budget weighs the contact dock's); other islands' own modules stay out, so a page loads only
// what its islands import.
const FRAME = [
  'src/features/frame/frame-live.ts',
  'src/features/frame/frame-script.ts',
  'src/features/catalogue/SearchBox.tsx',
  'src/features/frame/MobileDrawer.tsx',
  'src/features/collections/ToastList.tsx',
];
const frame = staticClosure(FRAME);
const FRAME_ENTRIES = new Set(FRAME.map((f) => resolve(f)));
// Two small modules the catalogue's islands share (the pre-order rule, the comparison's count): alone, each would be a
// chunk of its own on the listing and product pages.
const CATALOGUE_BITS = /[\\/]src[\\/](domain[\\/]preorder\.ts|features[\\/]catalogue[\\/]compare-count\.store\.ts)$/;
/** @param {string} id */
const eagerShared = (id) => (frame.files.has(id) && !FRAME_ENTRIES.has(id)) || inPackages(id, frame.packages) || CATALOGUE_BITS.test(id);

// What nearly every island imports: React's own small modules, the store hooks and the UI kit's icons. One chunk,
// loaded with the first island only; it takes precedence over `shared` (the frame's islands import React too).
const ISLAND_PACKAGES = ['react', '@nanostores/react'];
const ISLAND_FILES = /[\\/]src[\\/](components[\\/]ui[\\/](Icon\.tsx|icons\.ts)|features[\\/]catalogue[\\/]use-mounted-store\.ts)$/;
/** @param {string} id */
const islandKit = (id) => inPackages(id, ISLAND_PACKAGES) || ISLAND_FILES.test(id);

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
    plugins: [tailwindcss()],
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
