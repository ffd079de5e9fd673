/** On-the-fly compression of text answers (pages rendered on demand, API JSON): brotli first, gzip for older clients. */
import { Duplex } from 'node:stream';
import type { MiddlewareHandler } from 'hono';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';

/** Encodings we produce on the fly, best first. */
export type Encoding = 'br' | 'gzip';

/** Brotli quality on the fly: 4–5 compresses close to gzip -9's speed yet smaller; prebuilt files use 11. */
const LIVE_BROTLI_QUALITY = 5;

/** The encodings the client's Accept-Encoding allows, best first (q=0 refuses one; `*` allows both): the one rule for files and live answers. */
export function acceptedEncodings(header: string | null | undefined): Encoding[] {
  if (!header) return [];
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name.trim(), weight ? Number(weight.slice(2)) || 0 : 1);
  }
  return (['br', 'gzip'] as const).filter((enc) => (q.get(enc) ?? q.get('*') ?? 0) > 0);
}

/** The best encoding the client's Accept-Encoding allows, or null. */
export const pickEncoding = (header: string | null | undefined): Encoding | null => acceptedEncodings(header)[0] ?? null;

/**
 * A web TransformStream compressing as it goes. Each chunk is flushed as soon as it is written, so a page
 * streamed in pieces reaches the phone in pieces (its head and header before the slow parts).
 */
function compressor(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const node =
    encoding === 'br'
      ? createBrotliCompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          params: { [constants.BROTLI_PARAM_QUALITY]: LIVE_BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
        })
      : createGzip({ level: 6, flush: constants.Z_SYNC_FLUSH });
  return Duplex.toWeb(node) as unknown as TransformStream<Uint8Array, Uint8Array>;
}

/** Text types worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|manifest\+json)|image\/svg\+xml)/i;

/** Whether an answer may be compressed at all: a body of a text type, not yet encoded, not a HEAD, 204, 206 or `no-transform`. */
function mayCompress(response: Response, method: string): response is Response & { body: ReadableStream<Uint8Array> } {
  return (
    method !== 'HEAD' &&
    !!response.body &&
    response.status !== 204 &&
    response.status !== 206 &&
    !response.headers.has('Content-Encoding') &&
    COMPRESSIBLE.test(response.headers.get('Content-Type') ?? '') &&
    !/no-transform/i.test(response.headers.get('Cache-Control') ?? '')
  );
}

/** Adds `Vary: Accept-Encoding` unless it is there. */
function varyOnEncoding(headers: Headers): void {
  if (!/accept-encoding/i.test(headers.get('Vary') ?? '')) headers.append('Vary', 'Accept-Encoding');
}

/** Marks the headers of an answer now sent `encoding`: the encoding, and a weak ETag (the bytes are no longer the same). */
function encoded(headers: Headers, encoding: Encoding): void {
  headers.set('Content-Encoding', encoding);
  const etag = headers.get('ETag');
  if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
}

/**
 * The same response compressed for this client, or itself when it can't or shouldn't be (HEAD, no body,
 * already encoded, not text, tiny, no acceptable encoding). Adds `Vary: Accept-Encoding` whenever it applies.
 */
export function compressResponse(response: Response, acceptEncoding: string | null | undefined, method = 'GET'): Response {
  if (!mayCompress(response, method)) return response;
  const length = response.headers.get('Content-Length');
  const headers = new Headers(response.headers);
  varyOnEncoding(headers);
  const encoding = pickEncoding(acceptEncoding);
  if (!encoding || (length !== null && Number(length) < 1024))
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  encoded(headers, encoding);
  headers.delete('Content-Length');
  return new Response(response.body.pipeThrough(compressor(encoding)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Below this, an API answer goes as it is: its headers outweigh what compression would save (a 600-byte list halves). */
const MIN_API_BYTES = 256;

/** Brotli quality for a whole API answer: a few KB of JSON, compressed in one call before the answer leaves. */
const API_BROTLI_QUALITY = 4;

/** `bytes` compressed in one call (an answer known whole, such as the API's JSON). */
function compressWhole(bytes: Uint8Array, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: API_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      })
    : gzipSync(bytes, { level: 6 });
}

/**
 * Hono middleware: compresses every text answer of the API (brotli first). API answers are whole once the route returns,
 * so each is read and compressed in one call and sent with its length: no stream per answer, one write to the socket.
 */
export function compressApi(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!mayCompress(res, c.req.method)) return;
    varyOnEncoding(res.headers);
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    const length = res.headers.get('Content-Length');
    if (!encoding || (length !== null && Number(length) < MIN_API_BYTES)) return;
    const plain = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    let body: Uint8Array<ArrayBuffer> = plain;
    if (plain.byteLength >= MIN_API_BYTES) {
      body = compressWhole(plain, encoding) as Uint8Array<ArrayBuffer>;
      encoded(headers, encoding);
      headers.set('Content-Length', String(body.byteLength));
    }
    // The new answer holds every header already. Emptied first, so Hono does not copy the old answer's headers into it
    // (which would make it again around its body, and put back the old length).
    c.res = undefined;
    c.res = new Response(body, { status: res.status, headers });
  };
}
