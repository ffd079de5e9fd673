import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverDatabases } from '../../tests/fixtures/db.ts';
import { DEMO_ACCOUNTS } from './db/seed.ts';
import { loadEnv } from './env.ts';
import { start, type Running } from './main.ts';
import { PAYMENT_TEXT } from './payments/checkout.ts';
import { NO_ADMIN } from './start-data.ts';

// Each test starts a whole shop (migrations, scrypt hashes): slow on a busy machine.
const SLOW = 180_000;
const BOSS = { email: 'patron@boutique-dakar.sn', password: 'Dakar2026', other: 'Autre2026' };

// The storefront build stands in for `npm run build`: these tests ask only /api, which never reaches it.
function storefrontStandIn(): string {
  const dir = mkdtempSync(join(tmpdir(), 'boutique-dist-'));
  mkdirSync(join(dir, 'server'));
  mkdirSync(join(dir, 'client'));
  // A page that takes a while to render (`/lente`), for the graceful stop; every other path is no page.
  writeFileSync(
    join(dir, 'server', 'entry.mjs'),
    "export const handler = (req, res, next) => req.url === '/lente' ? void setTimeout(() => res.end('lente'), 300) : next();\n",
  );
  // Built on a developer's machine, whose static pages advertise both demonstration providers.
  writeFileSync(join(dir, '.payment-providers'), 'wave,orange');
  return dir;
}

describe.each(serverDatabases())('first start with NODE_ENV=production on $name', (kind) => {
  let data: Awaited<ReturnType<typeof kind.make>>;
  let dist: string;
  let running: Running | null = null;
  const printed: string[] = [];
  // The log's JSON entries, as a collector reads them; `printed` keeps their sentences.
  const entries: Array<Record<string, unknown>> = [];
  const logTo = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as Record<string, unknown>;
        entries.push(entry);
        printed.push(String(entry.msg));
      }
      done();
    },
  });

  const boot = async (extra: Record<string, string>) => {
    printed.length = 0;
    entries.length = 0;
    running = await start(loadEnv({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_REQUESTS: 'false', ...data.env, ...extra }), {
      distDir: dist,
      logTo,
    });
  };
  const call = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    const res = await fetch(`${running!.url.replace('localhost', '127.0.0.1')}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        ...(init.token ? { 'Access-Token': init.token } : {}),
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  };
  const login = (email: string, password: string) =>
    call(`/api/auth/get_tokens?username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`);
  const order = async (token: string, productId: number, mode: 'online' | 'domicile') =>
    call('/api/commandes', {
      method: 'POST',
      token,
      body: {
        type_sale: 'order',
        payment_mode: mode,
        state: 'sale',
        order_lines: [{ id: productId, quantity: 1, list_price: 1 }],
        adresse: 'Plateau, Dakar',
        telephone: '771234567',
      },
    });

  beforeAll(async () => {
    data = await kind.make();
    dist = storefrontStandIn();
    for (const level of ['log', 'warn', 'error'] as const)
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
  });
  afterEach(async () => {
    // No start, whatever its settings, ever printed a demo password.
    for (const a of DEMO_ACCOUNTS) expect(printed.filter((l) => l.includes(a.password))).toEqual([]);
    await running?.close();
    running = null;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    rmSync(dist, { recursive: true, force: true });
    await data?.drop();
  });

  it(
    'without ADMIN_*: no demo account, no demo product, and it says in French how to make an admin',
    async () => {
      await boot({});
      for (const a of DEMO_ACCOUNTS) expect((await login(a.email, a.password)).status, a.email).toBe(401);
      expect((await call('/api/produits-filtrer')).body).toMatchObject({ total: 0 });
      expect(printed).toEqual(expect.arrayContaining(NO_ADMIN));
      expect(printed.some((l) => l.includes('« En ligne » répond 503'))).toBe(true);
    },
    SLOW,
  );

  it(
    'with ADMIN_*: the admin is created and logs in; cash on delivery works; online checkout answers 503 in French and writes nothing',
    async () => {
      await boot({ ADMIN_EMAIL: 'Patron@Boutique-Dakar.sn', ADMIN_PASSWORD: BOSS.password, ADMIN_NAME: 'Awa Ndiaye' });
      expect(printed.some((l) => l.includes(`Administrateur ${BOSS.email} créé`))).toBe(true);
      expect(printed).not.toEqual(expect.arrayContaining([NO_ADMIN[0]]));
      const session = await login(BOSS.email, BOSS.password);
      expect(session.status).toBe(200);
      const token: string = session.body.access_token;
      const product = await call('/api/produits', {
        method: 'POST',
        token,
        body: { name: 'Réfrigérateur Samsung 300 L', list_price: 250000, quantity: 5 },
      });
      expect(product.status).toBe(201);

      const cash = await order(token, product.body.id, 'domicile');
      expect(cash.status).toBe(201);
      expect(cash.body).toMatchObject({ payment_mode: 'domicile' });

      const online = await order(token, product.body.id, 'online');
      expect(online.status).toBe(201);
      const ref = encodeURIComponent(online.body.reference);
      expect(await call(`/api/paiement/${ref}/session`, { method: 'POST', token })).toEqual({
        status: 503,
        body: { message: PAYMENT_TEXT.off, retry: false },
      });
      // The payment screen then offers paying again or on delivery (pending, no open checkout), and the switch works.
      expect((await call(`/api/paiement/${ref}`)).body).toMatchObject({
        payment_mode: 'online',
        payment_status: 'pending',
        checkout_open: false,
      });
      expect((await call(`/api/paiement/${ref}/domicile`, { method: 'POST', token })).body).toMatchObject({
        payment_mode: 'domicile',
        payment_status: 'unpaid',
      });
      expect((await call(`/api/admin/commandes/${online.body.id}/paiements`, { token })).body).toEqual([]);
      expect(await call('/api/paiement/BQ-AAAAAAAA/session', { method: 'POST' })).toEqual({
        status: 404,
        body: { message: PAYMENT_TEXT.notFound },
      });
      expect(
        (await call('/api/payments/wave/webhook', { method: 'POST', body: { id: 'EV_1', type: 'checkout.session.completed' } })).status,
      ).toBe(404);
      // The storefront offers no provider, and the operator is told the static pages were built for others.
      expect(await call('/api/paiement/moyens')).toEqual({ status: 200, body: { providers: [], demo: [] } });
      expect(printed.some((l) => l.includes('Les pages statiques annoncent wave, orange, ce serveur accepte aucun'))).toBe(true);
    },
    SLOW,
  );

  it(
    'restarted with another ADMIN_PASSWORD and DEMO_PAYMENTS=true: the admin keeps its password, the demonstration checkout opens',
    async () => {
      await boot({ ADMIN_EMAIL: BOSS.email, ADMIN_PASSWORD: BOSS.other, DEMO_PAYMENTS: 'true' });
      expect(printed.some((l) => l.includes('Un administrateur existe déjà'))).toBe(true);
      expect(printed.some((l) => l.includes('DEMO_PAYMENTS=true en production'))).toBe(true);
      expect((await login(BOSS.email, BOSS.other)).status).toBe(401);
      const session = await login(BOSS.email, BOSS.password);
      expect(session.status).toBe(200);
      const token: string = session.body.access_token;
      const [product] = (await call('/api/produits-filtrer')).body.products;
      const online = await order(token, product.id, 'online');
      const opened = await call(`/api/paiement/${encodeURIComponent(online.body.reference)}/session`, { method: 'POST', token });
      expect(opened.status).toBe(200);
      expect(opened.body.url).toMatch(/^\/api\/payments\/demo\/demo-/);
      expect((await call('/api/paiement/moyens')).body).toEqual({ providers: ['wave', 'orange'], demo: ['wave', 'orange'] });
      expect(printed.some((l) => l.includes('Les pages statiques annoncent'))).toBe(false);
    },
    SLOW,
  );

  it(
    'answers /healthz, /readyz and /metrics, logs JSON without queries, and stops without failing a request',
    async () => {
      await boot({ LOG_REQUESTS: 'true', METRICS_PORT: '0' });
      const base = running!.url.replace('localhost', '127.0.0.1');
      expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${base}/readyz`);
      expect([ready.status, await ready.json()]).toEqual([200, { status: 'prêt' }]);

      // One JSON entry per request: the load balancer's id, the route's pattern, never the query (a phone here).
      const searched = await fetch(`${base}/api/produits-filtrer?search=771234567`, { headers: { 'X-Request-Id': 'lb-42' } });
      expect([searched.status, searched.headers.get('x-request-id')]).toEqual([200, 'lb-42']);
      const entry = entries.find((e) => e.req_id === 'lb-42');
      expect(entry).toMatchObject({ level: 'info', method: 'GET', route: '/api/produits-filtrer', status: 200, service: 'boutique' });
      expect(typeof entry?.time).toBe('string');
      expect(JSON.stringify(entries)).not.toContain('771234567');
      const metrics = await (await fetch(`${running!.metricsUrl}/metrics`)).text();
      expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/produits-filtrer",status="200"\} [1-9]/);
      expect(metrics).toContain('process_resident_memory_bytes');

      // Under load: keep-alive callers, and a page still rendering when the stop begins.
      let stopping = false;
      const outcomes: string[] = [];
      const caller = async () => {
        while (!stopping || outcomes.length < 400) {
          try {
            const res = await fetch(`${base}/api/produits-filtrer`);
            await res.arrayBuffer();
            outcomes.push(String(res.status));
          } catch (err) {
            // The instance is gone: a connection refused, or closed before any answer, is retried by a load balancer.
            const code = ((err as Error).cause as { code?: string } | undefined)?.code ?? 'inconnu';
            outcomes.push(code);
            return;
          }
        }
      };
      const callers = Array.from({ length: 6 }, caller);
      const received = new Promise<void>((ok) => running!.server.on('request', (req) => req.url === '/lente' && ok()));
      const slow = fetch(`${base}/lente`);
      await received;
      stopping = true;
      const closing = running!.close();
      const page = await slow;
      // The page in flight is answered whole, and its connection closed rather than kept.
      expect([page.status, await page.text(), page.headers.get('connection')]).toEqual([200, 'lente', 'close']);
      await closing;
      running = null;
      await Promise.all(callers);
      const failures = outcomes.filter((o) => o !== '200');
      expect(
        failures.every((o) => ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'].includes(o)),
        failures.join(', '),
      ).toBe(true);
      expect(outcomes.filter((o) => o === '200').length).toBeGreaterThan(0);
      expect(printed).toContain('Boutique arrêtée : requêtes en cours terminées, base de données fermée.');
    },
    SLOW,
  );

  it(
    'queues the sign-up code in the outbox table and its worker writes it to the outbox folder at once',
    async () => {
      const outbox = join(data.env.DATA_DIR!, 'outbox-queue');
      await boot({ OUTBOX_DIR: outbox });
      const email = 'code.file@exemple.sn';
      const created = await call('/api/new_compte', {
        method: 'POST',
        body: { name: 'Awa Diop', email, partner_phone: '771230001', password: 'Teranga2026' },
      });
      expect(created.status).toBe(201);
      // Woken by the insert, the worker writes the file well within the journeys' wait.
      const file = await vi.waitFor(
        () => {
          const found = readdirSync(outbox).find((f) => f.endsWith('.json') && f.includes(email));
          if (!found) throw new Error('pas encore');
          return found;
        },
        { timeout: 2000, interval: 50 },
      );
      expect(JSON.parse(readFileSync(join(outbox, file), 'utf8'))).toMatchObject({
        kind: 'email',
        to: email,
        text: expect.stringMatching(/\b\d{4}\b/),
      });
    },
    SLOW,
  );

  it(
    'a port already taken: it says which setting in French, frees the database, and the next start works',
    async () => {
      const taken = createServer();
      await new Promise<void>((ok) => taken.listen(0, '127.0.0.1', ok));
      const port = (taken.address() as AddressInfo).port;
      try {
        for (const setting of ['PORT', 'METRICS_PORT'])
          await expect(boot({ [setting]: String(port) })).rejects.toThrow(
            `Le port 127.0.0.1:${port} (${setting}) est déjà utilisé : arrêtez le programme qui l’occupe ou choisissez un autre ${setting}.`,
          );
      } finally {
        await new Promise((ok) => taken.close(ok));
      }
      await boot({ PORT: String(port) });
      expect((await call('/api/produits-filtrer')).status).toBe(200);
    },
    SLOW,
  );
});
