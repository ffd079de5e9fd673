import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { closedPort } from '../../../tests/fixtures/ports.ts';
import type { Database } from '../db/client.ts';
import { parseTrustProxy, trustNone, type TrustedProxies } from './client-address.ts';
import { HSTS, KEEP_ALIVE_MS, MAX_URL_BYTES, type NodeHandler, type Probes, shopServer } from './node-server.ts';
import { locate, sendFile, staticRoot } from './static.ts';

/** Sends raw bytes and reads the whole answer: status, headers and body. */
function exchange(port: number, request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket
      .on('data', (c) => chunks.push(c))
      .on('error', fail)
      .on('close', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = text.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
        );
        done({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
      });
    socket.write(request);
  });
}
const get = (path: string, headers: Record<string, string> = {}) =>
  `GET ${path} HTTP/1.0\r\nHost: boutique.sn\r\nConnection: close\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

describe.each(testDatabases())('the shop’s Node server on $name', (kind) => {
  let t: TestApi;
  let pages: string;
  const servers: Server[] = [];
  // The built storefront's files, served by the same code as `npm start` serves dist/client.
  let site: NodeHandler;

  async function serve(trustProxy: TrustedProxies, probes?: Probes): Promise<number> {
    const server = shopServer({ api: getRequestListener(t.app.fetch), site, trustProxy, probes });
    servers.push(server);
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    return (server.address() as AddressInfo).port;
  }

  beforeAll(async () => {
    t = await setupApi(kind);
    pages = mkdtempSync(join(tmpdir(), 'boutique-pages-'));
    writeFileSync(join(pages, 'index.html'), '<!doctype html><title>Boutique</title>');
    const root = staticRoot(pages);
    site = async (req, res) => {
      const found = await locate(root, new URL(req.url ?? '/', 'http://x').pathname);
      if (found) return sendFile(req, res, found, '/index.html');
      res.writeHead(404).end();
    };
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((ok) => s.close(ok))));
    rmSync(pages, { recursive: true, force: true });
    await t.close();
  });

  it('sends HSTS on pages and the API only when a trusted proxy says the browser used HTTPS', async () => {
    const direct = await serve(trustNone);
    const proxied = await serve(parseTrustProxy('127.0.0.1'));
    for (const path of ['/', '/api/health', '/api/produits/999999']) {
      // Plain HTTP, or an untrusted peer claiming HTTPS: no HSTS.
      expect((await exchange(direct, get(path))).headers['strict-transport-security']).toBeUndefined();
      expect((await exchange(direct, get(path, { 'X-Forwarded-Proto': 'https' }))).headers['strict-transport-security']).toBeUndefined();
      // Behind the trusted proxy: HSTS on every answer that came over HTTPS, whatever its status.
      const secure = await exchange(proxied, get(path, { 'X-Forwarded-Proto': 'https, http' }));
      expect(secure.status, `${path} ${JSON.stringify(secure)}`).toBeLessThan(500);
      expect(secure.headers['strict-transport-security']).toBe(HSTS);
      expect((await exchange(proxied, get(path, { 'X-Forwarded-Proto': 'http' }))).headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('keeps an idle connection for 65 s, and says so, so a proxy or client never reuses one the shop is closing', async () => {
    const port = await serve(trustNone);
    const res = await exchange(
      port,
      'GET /api/health HTTP/1.1\r\nHost: boutique.sn\r\n\r\nGET / HTTP/1.1\r\nHost: boutique.sn\r\nConnection: close\r\n\r\n',
    );
    expect(res.status).toBe(200);
    expect(res.headers.connection).toBe('keep-alive');
    expect(res.headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
  });

  it.each<[string, () => string, number, string]>([
    [
      'a URL over 8 KB',
      () => get(`/api/produits-filtrer?search=${'a'.repeat(MAX_URL_BYTES)}`),
      414,
      'L’adresse demandée est trop longue (8 Ko au plus).',
    ],
    ['a page URL over 16 KB', () => get(`/${'b'.repeat(20 * 1024)}`), 414, 'L’adresse demandée est trop longue (8 Ko au plus).'],
    [
      'an API URL over 64 KB',
      () => get(`/api/produits?search=${'c'.repeat(64 * 1024)}`),
      414,
      'L’adresse demandée est trop longue (8 Ko au plus).',
    ],
    [
      'headers over 16 KB',
      () => get('/api/health', { 'X-Gros': 'd'.repeat(20 * 1024) }),
      431,
      'Les en-têtes de la requête sont trop volumineux (16 Ko au plus en tout).',
    ],
    [
      'many headers over 16 KB in all',
      () => get('/', Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`X-En-Tete-${i}`, 'e'.repeat(500)]))),
      431,
      'Les en-têtes de la requête sont trop volumineux (16 Ko au plus en tout).',
    ],
    ['malformed HTTP', () => 'BONJOUR\r\n\r\n', 400, 'Requête HTTP invalide.'],
  ])('%s: a French JSON answer, not an empty one', async (_label, request, status, message) => {
    const port = await serve(trustNone);
    const res = await exchange(port, request());
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual({ message });
  });

  it.each<[string, (db: Database['db']) => Promise<unknown>, string]>([
    [
      'a query the database refuses',
      (db) => db.execute(sql`select ${'aminata.secret@exemple.sn'}::int as pret`),
      'base de données en erreur (22P02)',
    ],
    [
      'a database nothing listens for',
      async () => {
        const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/x`, max: 1 });
        try {
          return await drizzle(pool).execute(sql`select 1 as pret`);
        } finally {
          await pool.end();
        }
      },
      'base de données injoignable (ECONNREFUSED)',
    ],
  ])('/readyz on %s: 503 with its code only; the query is logged, never answered', async (_label, check, raison) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const port = await serve(trustNone, {
        ready: async () => {
          await check(t.database.db);
          return null;
        },
      });
      const res = await exchange(port, get('/readyz'));
      expect([res.status, JSON.parse(res.body)]).toEqual([503, { status: 'indisponible', raison }]);
      expect(res.body).not.toMatch(/select|pret|aminata/);
      expect(logged.mock.calls.flat().join('\n')).toMatch(/\[readyz\]\n.*(select|ECONNREFUSED)/s);
    } finally {
      logged.mockRestore();
    }
  });
});
