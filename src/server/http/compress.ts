/** On-the-fly compression of text answers (pages rendered on demand, API JSON): brotli first, gzip for older clients. */
import { Duplex } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

/** Encodings we produce on the fly, best first. */
export type Encoding = 'br' | 'gzip';

/** Brotli quality on the fly: 4–5 compresses close to gzip -9's speed yet smaller; prebuilt files use 11. */
export const LIVE_BROTLI_QUALITY = 5;

/** The best encoding the client's Accept-Encoding allows (q=0 refuses one; `*` allows both), or null. */
export function pickEncoding(header: string | null | undefined): Encoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const allowed = (enc: Encoding) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  return allowed('br') ? 'br' : allowed('gzip') ? 'gzip' : null;
}

/**
 * A web TransformStream compressing as it goes. Each chunk is flushed as soon as it is written, so a page
 * streamed in pieces reaches the phone in pieces (its head and header before the slow parts).
 */
export function compressor(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const node = encoding === 'br'
    ? createBrotliCompress({
      flush: constants.BROTLI_OPERATION_FLUSH,
      params: { [constants.BROTLI_PARAM_QUALITY]: LIVE_BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    })
    : createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH });
  return Duplex.toWeb(node) as unknown as TransformStream<Uint8Array, Uint8Array>;
}

/** Text types worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)/i;

/**
 * The same response compressed for this client, or itself when it can't or shouldn't be (HEAD, no body,
 * already encoded, not text, tiny, no acceptable encoding). Adds `Vary: Accept-Encoding` whenever it applies.
 */
export function compressResponse(response: Response, acceptEncoding: string | null | undefined, method = 'GET'): Response {
  const type = response.headers.get('Content-Type') ?? '';
  const length = response.headers.get('Content-Length');
  if (method === 'HEAD' || !response.body || response.status === 204 || response.status === 206
    || response.headers.has('Content-Encoding') || !COMPRESSIBLE.test(type)
    || /no-transform/i.test(response.headers.get('Cache-Control') ?? '')) return response;
  const headers = new Headers(response.headers);
  if (!/accept-encoding/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Accept-Encoding');
  const encoding = pickEncoding(acceptEncoding);
  if (!encoding || (length !== null && Number(length) < 1024)) return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  headers.set('Content-Encoding', encoding);
  headers.delete('Content-Length');
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
  return new Response(response.body.pipeThrough(compressor(encoding)), { status: response.status, statusText: response.statusText, headers });
}

/** Hono middleware: compresses every text answer of the API the same way (brotli first). */
export function compressApi(): (c: { req: { method: string; header: (n: string) => string | undefined }; res: Response }, next: () => Promise<void>) => Promise<void> {
  return async (c, next) => {
    await next();
    const out = compressResponse(c.res, c.req.header('Accept-Encoding'), c.req.method);
    if (out === c.res) return;
    const encoding = out.headers.get('Content-Encoding');
    c.res = out;
    // Hono copies the previous answer's headers onto the new one: its length no longer holds.
    if (encoding) {
      c.res.headers.delete('Content-Length');
      c.res.headers.set('Content-Encoding', encoding);
    }
  };
}
