/** Serves the built storefront files: precompressed variants, immutable caching for hashed assets. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { acceptedEncodings } from './compress.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

type Found = { path: string; size: number; mtime: Date };

async function file(path: string): Promise<Found | null> {
  try {
    const s = await stat(path);
    return s.isFile() ? { path, size: s.size, mtime: s.mtime } : null;
  } catch {
    return null;
  }
}

/** Finds the file for a URL path: itself, `x/index.html` or `x.html`; null outside the root. */
export async function locate(root: string, urlPath: string): Promise<Found | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const target = normalize(join(root, decoded));
  if (target !== root && !target.startsWith(root + sep)) return null;
  return (await file(target)) ?? (await file(join(target, 'index.html'))) ?? (await file(`${target}.html`));
}

// The background worker and its manifest are checked on every visit, so a new version is seen at once (§1).
const ALWAYS_CHECKED = new Set(['/sw.js', '/manifest.webmanifest']);

/** Cache-Control of a built file: hashed /_astro files (and the icon sprite asked by its hash) forever, pages and the worker checked each time, the rest an hour. */
export function cacheControl(urlPath: string, type: string, query = ''): string {
  if (urlPath.startsWith('/_astro/') || (urlPath === '/icons.svg' && /(?:^|[?&])v=[0-9a-f]{6,}/.test(query)))
    return 'public, max-age=31536000, immutable';
  if (type.startsWith('text/html') || ALWAYS_CHECKED.has(urlPath)) return 'no-cache';
  return 'public, max-age=3600';
}

/** Sends a located file with the right type, caching and encoding; `status` lets 404 pages reuse it. */
export async function sendFile(req: IncomingMessage, res: ServerResponse, found: Found, urlPath: string, status = 200): Promise<void> {
  const type = TYPES[extname(found.path)] ?? 'application/octet-stream';
  const etag = `W/"${found.size.toString(16)}-${found.mtime.getTime().toString(16)}"`;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', cacheControl(urlPath, type, (req.url ?? '').split('?')[1] ?? ''));
  res.setHeader('ETag', etag);
  res.setHeader('Vary', 'Accept-Encoding');
  if (status === 200 && req.headers['if-none-match'] === etag) {
    res.writeHead(304).end();
    return;
  }
  let body = found;
  // The same Accept-Encoding rule as answers compressed on the fly (compress.ts): q=0 refuses, `*` allows.
  for (const enc of acceptedEncodings(req.headers['accept-encoding'] as string | undefined)) {
    const variant = await file(found.path + (enc === 'br' ? '.br' : '.gz'));
    if (variant) {
      res.setHeader('Content-Encoding', enc);
      body = variant;
      break;
    }
  }
  res.setHeader('Content-Length', body.size);
  res.writeHead(status);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(body.path).pipe(res);
}

/** Absolute, normalised root for `locate`. */
export const staticRoot = (dir: string) => resolve(dir);
