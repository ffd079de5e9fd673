/**
 * Brotli (gzip for older clients) for pages rendered on demand, built files being precompressed by the server; a public
 * page gets the catalogue's validator as its ETag (domain/freshness.ts).
 */
import { defineMiddleware } from 'astro:middleware';
import { CATALOGUE_TAG_HEADER } from './domain/freshness.ts';
import { compressResponse } from './server/http/compress.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered || !response.body || response.headers.has('Content-Encoding')) return response;
  const headers = new Headers(response.headers);
  // A public page is drawn from its address, the build and the catalogue alone: the server's tag names exactly that.
  const tag = context.request.headers.get(CATALOGUE_TAG_HEADER);
  if (tag && response.status === 200 && /^public\b/.test(headers.get('Cache-Control') ?? '')) headers.set('ETag', tag);
  // Astro's CSP header replaces the server's on these pages; framing must stay refused as on static ones.
  const csp = headers.get('Content-Security-Policy');
  if (csp && !csp.includes('frame-ancestors'))
    headers.set('Content-Security-Policy', `${csp.replace(/;\s*$/, '')}; frame-ancestors 'none'`);
  const framed = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  return compressResponse(framed, context.request.headers.get('Accept-Encoding'), context.request.method);
});
