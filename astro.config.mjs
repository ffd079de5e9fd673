// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { RESERVE_LINES_HASH } from './src/features/collections/reserve-lines.ts';
import { SPRITE_VERSION } from './src/components/ui/sprite.ts';

/**
 * Page CSP directives besides scripts and styles: same origin, plus the API's origin when it lives elsewhere.
 * @returns {Array<`${'default-src'|'img-src'|'connect-src'|'font-src'|'worker-src'|'manifest-src'|'object-src'|'base-uri'|'form-action'} ${string}`>}
 */
function cspDirectives() {
  const api = process.env.PUBLIC_API_URL ? new URL(process.env.PUBLIC_API_URL).origin : '';
  // Issue 4: a third-party location lookup (PUBLIC_LOCATION_URL) must be reachable too.
  const lookup = /^https?:\/\//.test(process.env.PUBLIC_LOCATION_URL ?? '') ? ` ${new URL(process.env.PUBLIC_LOCATION_URL ?? '').origin}` : '';
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

const EAGER_SHARED = new RegExp([
  String.raw`node_modules[\/](nanostores|@nanostores)[\/]`,
  String.raw`src[\/]features[\/](account[\/]session|catalogue[\/](search|compare-count|catalogue)|collections[\/](collections|guest)|frame[\/](frame|toast))\.store\.ts$`,
  String.raw`src[\/]features[\/](catalogue[\/](use-mounted-store|links)|collections[\/](persist|datalayer)|frame[\/]nav-links|account[\/]session-cookies)\.ts$`,
  String.raw`src[\/](domain[\/](pricing|money|collections)|lib[\/]images|components[\/]ui[\/](Icon|icons))\.tsx?$`,
].join('|'));

/** `client:interaction` (src/lib/interaction-directive.ts): islands that load nothing until touched. @type {import('astro').AstroIntegration} */
const interactionDirective = {
  name: 'interaction-directive',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => addClientDirective({ name: 'interaction', entrypoint: './src/lib/interaction-directive.ts' }),
  },
};

// Pages are static unless they opt into `export const prerender = false` (live data on first view).
// The Node adapter runs in middleware mode: src/server/main.ts serves static files, /api and Astro together.
export default defineConfig({
  site: process.env.PUBLIC_SITE_URL || 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), interactionDirective],
  // Caches inside the checkout, so several worktrees sharing one node_modules never build over each other.
  cacheDir: './.cache/astro',
  vite: {
    plugins: [tailwindcss()],
    // The icon sprite's URL carries its content hash (components/ui/Icon.tsx).
    define: { 'import.meta.env.ICON_SPRITE_VERSION': JSON.stringify(SPRITE_VERSION) },
    cacheDir: './.cache/vite',
    build: {
      rolldownOptions: {
        output: {
          // Dozens of tiny modules every page needs at once (stores, small rules, nanostores) would each pay a
          // request and their own compression on slow phones: they travel as one chunk. Lazily loaded code
          // (the API client, zod schemas) is left out so it stays lazy.
          codeSplitting: {
            groups: [{
              name: 'shared',
              test: EAGER_SHARED,
            }],
          },
        },
      },
    },
  },
  build: { inlineStylesheets: 'auto' },
  compressHTML: true,
  // Astro writes script-src and style-src with the hashes of each page; the rest of the policy is ours.
  security: { csp: { directives: cspDirectives(), scriptDirective: { hashes: [RESERVE_LINES_HASH] } } },
  server: { port: Number(process.env.PORT || 4321) },
  devToolbar: { enabled: false },
});
