import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { getManifest } from 'workbox-build';
import { describe, expect, it } from 'vitest';

type Options = Parameters<typeof getManifest>[0];
// A plain .mjs build script: imported by a computed name so the type check doesn't look for its declarations.
const script = '../../scripts/build-sw.mjs';
const { precacheOptions } = (await import(script)) as { precacheOptions: (dir: string) => Options };

/** A dist/client look-alike. */
function built(files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sw-'));
  for (const f of files) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, f), f);
  }
  return dir;
}

describe('the precache list of /sw.js', () => {
  it('holds the shop’s scripts, icons and offline page at their own URLs, and nothing of the back office or pages drawn per shopper', async () => {
    const dir = built([
      '_astro/shared.AbC123.js',
      '_astro/Layout.XyZ.css',
      '_astro/CollectionPage.q1.js',
      '_astro/AdminProducts.x.js',
      '_astro/admin.store.y.js',
      '_astro/AdminLayout.z.css',
      '_astro/FilePicker.a.js',
      '_astro/form-kit.b.js',
      'favicon.svg',
      'manifest.webmanifest',
      'icons/icon-192.png',
      'hors-ligne/index.html',
      'cart/index.html',
      'wishlist/index.html',
      'pre-cart/index.html',
      'login/index.html',
      'faq/index.html',
      'sw.js',
      '_astro/shared.AbC123.js.br',
      'robots.txt',
    ]);
    const { manifestEntries } = await getManifest(precacheOptions(dir));
    const urls = (manifestEntries ?? []).map((e) => e.url).sort();
    expect(urls).toEqual([
      '/_astro/CollectionPage.q1.js',
      '/_astro/FilePicker.a.js',
      '/_astro/Layout.XyZ.css',
      '/_astro/form-kit.b.js',
      '/_astro/shared.AbC123.js',
      '/favicon.svg',
      '/hors-ligne',
      '/icons/icon-192.png',
      '/manifest.webmanifest',
    ]);
    const byUrl = new Map((manifestEntries ?? []).map((e) => [e.url, e.revision]));
    // Hashed names are their own revision; the rest carry a content hash.
    expect(byUrl.get('/_astro/shared.AbC123.js')).toBeNull();
    expect(byUrl.get('/hors-ligne')).toMatch(/^[0-9a-f]{32}$/);
  });
});
