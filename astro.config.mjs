// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';

// Pages are static unless they opt into `export const prerender = false` (live data on first view).
// The Node adapter runs in middleware mode: src/server/main.ts serves static files, /api and Astro together.
export default defineConfig({
  site: process.env.PUBLIC_SITE_URL || 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  vite: { plugins: [tailwindcss()] },
  build: { inlineStylesheets: 'auto' },
  compressHTML: true,
  security: { csp: true },
  server: { port: Number(process.env.PORT || 4321) },
  devToolbar: { enabled: false },
});
