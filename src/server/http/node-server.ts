/** The one Node server of `npm start`: `/api` to Hono, everything else to the pages; HSTS over HTTPS, and French JSON for oversize requests. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { TLSSocket } from 'node:tls';
import type { TrustedProxies } from './client-address.ts';
import { describeError, readinessFailure } from './error-log.ts';

/** A Node request handler (Astro's middleware mode, or @hono/node-server's listener). */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, next?: () => void) => Promise<void> | void;

/** Sent on every answer served over HTTPS: browsers then never try plain HTTP on this host for a year. */
export const HSTS = 'max-age=31536000; includeSubDomains';
/** The longest URL served (bytes); longer ones answer 414. */
export const MAX_URL_BYTES = 8 * 1024;
/** The most bytes of request line and headers Node reads (its default); more answers 431, or 414 when the URL is the cause. */
const MAX_HEADER_BYTES = 16 * 1024;

const TOO_LONG = { status: 414, reason: 'URI Too Long', message: 'L’adresse demandée est trop longue (8 Ko au plus).' };
const TOO_LARGE = {
  status: 431,
  reason: 'Request Header Fields Too Large',
  message: 'Les en-têtes de la requête sont trop volumineux (16 Ko au plus en tout).',
};
const MALFORMED = { status: 400, reason: 'Bad Request', message: 'Requête HTTP invalide.' };

/** Whether a request came over HTTPS: a TLS socket, or a proxy trusted by `TRUST_PROXY` saying `X-Forwarded-Proto: https`. */
function servedOverHttps(req: IncomingMessage, trusted: TrustedProxies): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  if (!trusted(req.socket.remoteAddress ?? '')) return false;
  const proto = req.headers['x-forwarded-proto'];
  // Each proxy appends its own hop: the first one is what the browser used.
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}

function raw(socket: Duplex, answer: typeof TOO_LONG) {
  const body = JSON.stringify({ message: answer.message });
  socket.end(
    `HTTP/1.1 ${answer.status} ${answer.reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

// Node counts the request line and the headers together: when the bytes read hold no whole request line, the URL is the cause.
function oversize(err: Error & { rawPacket?: Buffer }): typeof TOO_LONG {
  const head = err.rawPacket?.subarray(0, MAX_URL_BYTES + 64).toString('latin1') ?? '';
  const line = head.indexOf('\r\n');
  return /^[A-Z]+ /.test(head) && line !== -1 && line <= MAX_URL_BYTES + 32 ? TOO_LARGE : TOO_LONG;
}

/** Answers what Node refuses before any handler runs (oversize URL or headers, malformed HTTP) with French JSON instead of an empty body. */
function answerClientError(err: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void {
  if (!socket.writable || err.code === 'ECONNRESET') socket.destroy();
  else raw(socket, err.code === 'HPE_HEADER_OVERFLOW' ? oversize(err) : err.code === 'HPE_URI_TOO_LONG' ? TOO_LONG : MALFORMED);
}

/** What a load balancer asks an instance (README "Operating"): whether it can take requests, and why not. */
export interface Probes {
  /** Null when ready (database reachable, migrations applied, not stopping), else the French reason. */
  ready: () => Promise<string | null>;
}

/** A server's stop: from `drain()` on, every answer (those in flight included) closes its connection once sent. */
export interface Drain {
  readonly draining: boolean;
  drain: () => void;
}

/** Follows `server`'s answers in flight, so that a stop lets them finish but lets no connection be used again. */
export function drainable(server: Server): Drain {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    // Its head already said keep-alive: the connection ends once the answer is sent.
    else res.once('finish', () => res.socket?.end());
  };
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) return closeAfter(res);
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
      for (const res of inFlight) closeAfter(res);
    },
  };
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));

/** `/healthz` (the process answers) and `/readyz` (it can serve: 503 with the reason otherwise). */
async function probe(res: ServerResponse, url: string, probes: Probes): Promise<boolean> {
  if (url === '/healthz') {
    json(res, 200, { status: 'ok' });
    return true;
  }
  if (url !== '/readyz') return false;
  const reason = await probes.ready().catch((err: unknown) => {
    console.error(`[readyz]\n${describeError(err)}`);
    return readinessFailure(err);
  });
  json(res, reason ? 503 : 200, reason ? { status: 'indisponible', raison: reason } : { status: 'prêt' });
  return true;
}

/**
 * How long an idle keep-alive connection stays open: longer than a load balancer's or CDN's own idle timeout (60 s at
 * most for the common ones, HAProxy's here 30 s), so the proxy always closes first and never sends a request on a
 * connection the shop is closing at that moment (which resets it). Node's default, 5 s, did.
 */
export const KEEP_ALIVE_MS = 65_000;

/** The shop's server: `/healthz` and `/readyz`, then `api` answers `/api` and `/api/*`, `site` the rest. */
export function shopServer(options: { api: NodeHandler; site: NodeHandler; trustProxy: TrustedProxies; probes?: Probes }): Server {
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, async (req, res) => {
    if (servedOverHttps(req, options.trustProxy)) res.setHeader('Strict-Transport-Security', HSTS);
    const url = req.url ?? '/';
    if (options.probes && (await probe(res, url, options.probes))) return;
    if (Buffer.byteLength(url) > MAX_URL_BYTES) return void json(res, TOO_LONG.status, { message: TOO_LONG.message });
    const handled = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') ? options.api(req, res) : options.site(req, res);
    Promise.resolve(handled).catch((err: unknown) => {
      console.error(`[serveur]\n${describeError(err)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Erreur interne du serveur');
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.on('clientError', answerClientError);
  return server;
}
