// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { MEMBER_MARKS_HASH } from './src/features/account/member-marks.ts';
import { SPRITE_VERSION } from './src/components/ui/sprite.ts';

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

// What the frame's own script (src/features/frame/frame-live.ts) needs on every shopper page: the stores behind the
// header counts, the session links, the toasts and the collection reactions. Islands' own modules stay out of it, so a
// page loads only what its islands import.
const EAGER_SHARED = new RegExp(
  [
    String.raw`node_modules[\/](nanostores|@nanostores[\/]persistent)[\/]`,
    String.raw`src[\/]features[\/](account[\/]session|collections[\/](collections|guest|crm-synced|location)|frame[\/](frame|toast))\.store\.ts$`,
    String.raw`src[\/]features[\/](collections[\/](persist|reactions|datalayer|collection\.factory)|account[\/]session-cookies)\.ts$`,
    String.raw`src[\/]domain[\/](pricing|preorder|money|quantity|collections|readers)\.ts$`,
    // The comparison's count and the product link: a few bytes the tray and the islands share.
    String.raw`src[\/]features[\/]catalogue[\/](links|compare-count\.store)\.ts$`,
    // The placeholder picture's path, which the frame's script also puts in place of a picture that fails.
    String.raw`src[\/]lib[\/]placeholder\.ts$`,
  ].join('|'),
);

// What nearly every island imports (React's own small modules, the store hook, icons): one chunk, loaded with the first
// island only. Image URLs (lib/images) stay with the islands that draw products.
const ISLAND_KIT = new RegExp(
  [
    String.raw`node_modules[\/](react|@nanostores[\/]react)[\/]`,
    String.raw`src[\/]features[\/]catalogue[\/]use-mounted-store\.ts$`,
    String.raw`src[\/]components[\/]ui[\/](Icon|icons)\.tsx?$`,
  ].join('|'),
);

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
              { name: 'shared', test: EAGER_SHARED },
              { name: 'islands', test: ISLAND_KIT },
            ],
          },
        },
      },
    },
  },
  build: { inlineStylesheets: 'auto' },
  compressHTML: true,
  // Astro writes script-src and style-src with the hashes of each page; the rest of the policy is ours.
  security: { csp: { directives: cspDirectives(), scriptDirective: { hashes: [MEMBER_MARKS_HASH] } } },
  server: { port: Number(process.env.PORT || 4321) },
  devToolbar: { enabled: false },
});
