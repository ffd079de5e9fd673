/** Gzip for pages rendered on demand when the client accepts it; built files are precompressed by the server. */
import { defineMiddleware } from 'astro:middleware';

const COMPRESSIBLE = /^(text\/html|application\/xml|text\/xml)\b/i;

/** True when the client's Accept-Encoding allows gzip (q=0 refuses it). */
export function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  if (context.isPrerendered || !response.body || response.headers.has('Content-Encoding')) return response;
  if (context.request.method === 'HEAD' || !COMPRESSIBLE.test(response.headers.get('Content-Type') ?? '')) return response;
  const headers = new Headers(response.headers);
  headers.append('Vary', 'Accept-Encoding');
  // Astro's CSP header replaces the server's on these pages; framing must stay refused as on static ones.
  const csp = headers.get('Content-Security-Policy');
  if (csp && !csp.includes('frame-ancestors')) headers.set('Content-Security-Policy', `${csp.replace(/;\s*$/, '')}; frame-ancestors 'none'`);
  if (!acceptsGzip(context.request.headers.get('Accept-Encoding'))) return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  const body = response.body.pipeThrough(new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
});
