import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheControl, locate, staticRoot } from './static.ts';

const root = staticRoot(mkdtempSync(join(tmpdir(), 'static-')));
mkdirSync(join(root, 'faq'));
writeFileSync(join(root, 'faq', 'index.html'), 'faq');
writeFileSync(join(root, 'about.html'), 'about');
writeFileSync(join(root, 'logo.svg'), '<svg/>');

describe('locate', () => {
  it.each([
    ['/logo.svg', 'logo.svg'],
    ['/faq', join('faq', 'index.html')],
    ['/faq/', join('faq', 'index.html')],
    ['/about', 'about.html'],
  ])('%s → %s', async (url, file) => {
    expect((await locate(root, url))?.path).toBe(join(root, file));
  });
  it.each(['/../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc/passwd', '/nothing', '/%E0%A4%A', '/faq%00.html'])(
    'refuses or misses %s',
    async (url) => {
      expect(await locate(root, url)).toBeNull();
    },
  );
});

describe('cacheControl', () => {
  it.each([
    ['/_astro/shared.C7CcPPmN.js', 'text/javascript; charset=utf-8', 'public, max-age=31536000, immutable'],
    ['/sw.js', 'text/javascript; charset=utf-8', 'no-cache'],
    ['/manifest.webmanifest', 'application/manifest+json', 'no-cache'],
    ['/cart', 'text/html; charset=utf-8', 'no-cache'],
    ['/logo.svg', 'image/svg+xml', 'public, max-age=3600'],
    ['/icons.svg', 'image/svg+xml', 'public, max-age=3600'],
    ['/icons.svg?v=3f2a9c1b', 'image/svg+xml', 'public, max-age=31536000, immutable'],
    ['/icons.svg?v=latest', 'image/svg+xml', 'public, max-age=3600'],
  ])('%s → %s', (url, type, expected) => {
    const [path = '', query = ''] = url.split('?');
    expect(cacheControl(path, type, query)).toBe(expected);
  });
});

describe('precompressed files follow the live answers’ Accept-Encoding rule', () => {
  writeFileSync(join(root, 'app.js'), 'plain');
  writeFileSync(join(root, 'app.js.br'), 'brotli');
  writeFileSync(join(root, 'app.js.gz'), 'gzip');
  /** Serves /app.js over a real socket with this Accept-Encoding; answers the encoding and body. */
  async function fetchWith(acceptEncoding: string): Promise<{ encoding: string | null; body: string }> {
    const { createServer } = await import('node:http');
    const { sendFile } = await import('./static.ts');
    const server = createServer((req, res) => void locate(root, '/app.js').then((found) => sendFile(req, res, found!, '/app.js')));
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const { port } = server.address() as { port: number };
    const { request } = await import('node:http');
    try {
      return await new Promise((ok, fail) => {
        request({ port, host: '127.0.0.1', path: '/app.js', headers: { 'accept-encoding': acceptEncoding } }, (res) => {
          let body = '';
          res
            .on('data', (c) => (body += c))
            .on('end', () => ok({ encoding: (res.headers['content-encoding'] as string | undefined) ?? null, body }));
        })
          .on('error', fail)
          .end();
      });
    } finally {
      server.close();
    }
  }
  it.each([
    ['gzip, deflate, br', 'br', 'brotli'],
    ['br;q=0, gzip', 'gzip', 'gzip'],
    ['gzip;q=0, br;q=0', null, 'plain'],
    ['*', 'br', 'brotli'],
    ['*;q=0', null, 'plain'],
    ['identity', null, 'plain'],
    ['brotli-ish, xgzip', null, 'plain'],
  ])('Accept-Encoding %j → %s', async (header, encoding, body) => {
    expect(await fetchWith(header)).toEqual({ encoding, body });
  });
});
