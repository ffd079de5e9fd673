import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixtures, USERS, type Seeded } from '../../../tests/fixtures/catalogue.ts';
import { throwAwayPostgres } from '../../../tests/fixtures/db.ts';
import { orderBody } from '../../../tests/fixtures/orders.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { products } from '../db/schema.ts';
import { orderLines } from '../db/schema-orders.ts';
import { ACCOUNT_LIMITS } from '../accounts/limits.ts';
import { REMEMBERED_MS } from '../auth/live-sessions.ts';
import { type Cluster, startCluster } from './cluster.ts';
import type { ServerStat } from './haproxy-admin.ts';

// Several processes on one database: PGlite belongs to one process, so this file runs on PostgreSQL only, and says so
// rather than pass without testing anything (`npm test` leaves it out when TEST_DATABASE_URL is unset, and says so too).
const BASE = process.env.TEST_DATABASE_URL;
if (!BASE)
  throw new Error(
    'Les tests de grappe (HAProxy devant trois instances) ont besoin de PostgreSQL : définissez TEST_DATABASE_URL=postgres://…',
  );

// HAProxy's public port; the instances take the next three (the ports kept for this suite: 4800–4899).
const PORT = 4800;
const ASSET = '/_astro/app.0123abcd.js';

/** The storefront build stands in for `npm run build` (main.test.ts does the same): one hashed asset, a home page, no rendered page. */
function standInRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'boutique-cluster-root-'));
  mkdirSync(join(root, 'dist', 'server'), { recursive: true });
  mkdirSync(join(root, 'dist', 'client', '_astro'), { recursive: true });
  writeFileSync(join(root, 'dist', 'server', 'entry.mjs'), 'export const handler = (req, res, next) => next();\n');
  writeFileSync(join(root, 'dist', 'client', 'index.html'), '<!doctype html><title>Boutique</title>');
  writeFileSync(join(root, 'dist', 'client', ASSET.slice(1)), 'console.log("boutique");\n');
  writeFileSync(join(root, 'dist', '.payment-providers'), 'wave,orange');
  return root;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the route answered; each assertion states its shape.
  body: any;
}

// One keep-alive pool per client address, as a phone's browser keeps its connection to the shop.
const agents = new Map<string, Agent>();
/** One HTTP call from the client address `from` (any 127.0.0.0/8 address is this host). */
function call(
  url: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const from = init.from ?? '127.0.0.1';
  if (!agents.has(from)) agents.set(from, new Agent({ keepAlive: true }));
  const payload = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((ok, fail) => {
    const req = request(
      url,
      {
        method: init.method ?? 'GET',
        agent: agents.get(from),
        localAddress: from,
        headers: {
          Accept: 'application/json',
          ...(init.token ? { 'Access-Token': init.token } : {}),
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
          ...init.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.once('error', fail);
        res.once('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON: keep the text */
          }
          ok({ status: res.statusCode!, headers: res.headers, body });
        });
      },
    );
    req.once('error', fail);
    req.end(payload);
  });
}

describe('three instances on one PostgreSQL behind HAProxy', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let ids: Seeded;
  let root: string;
  let cluster: Cluster;
  let customer: string;
  const said: string[] = [];
  const shop = (path: string) => `http://127.0.0.1:${PORT}${path}`;

  /** How many requests HAProxy gave each instance since `before`. */
  const chosenSince = async (before: ServerStat[]) =>
    Object.fromEntries((await cluster.stats()).map((s) => [s.name, s.chosen - before.find((b) => b.name === s.name)!.chosen]));
  const setStock = (id: number, quantity: number) => database.db.update(products).set({ quantity }).where(eq(products.id, id));
  const stockOf = async (id: number) =>
    (await database.db.select({ q: products.quantity }).from(products).where(eq(products.id, id)))[0]!.q;
  const ordersOf = async (id: number) =>
    (await database.db.select({ n: count() }).from(orderLines).where(eq(orderLines.productId, id)))[0]!.n;
  const order = (productId: number, headers: Record<string, string> = {}, url = shop('/api/commandes')) =>
    call(url, { method: 'POST', token: customer, headers, body: orderBody(ids.user.customer!, [[productId, 1]]) });
  const login = (password: string, from: string) =>
    call(shop(`/api/auth/get_tokens?username=${encodeURIComponent(USERS.customer.email)}&password=${encodeURIComponent(password)}`), {
      from,
    });

  beforeAll(async () => {
    const made = await throwAwayPostgres(BASE, { migrated: true });
    drop = made.drop;
    database = await openDatabase({ url: made.url, poolSize: 2 });
    ids = await insertFixtures(database.db);
    root = standInRoot();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: made.url,
      DATABASE_POOL_SIZE: '8',
      DATA_DIR: join(root, 'data'),
      NODE_ENV: 'test',
      SEED: 'never',
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT: '10',
    };
    for (const unset of ['INTERNAL_API_URL', 'METRICS_PORT', 'TRUST_PROXY', 'AUTH_SECRET']) delete env[unset];
    try {
      cluster = await startCluster({
        instances: 3,
        host: '127.0.0.1',
        port: PORT,
        root,
        env,
        line: (text) => {
          said.push(text);
        },
      });
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${said.slice(-30).join('\n')}`);
    }
    const tokens = await login(USERS.customer.password, '127.0.0.1');
    expect(tokens.status).toBe(200);
    customer = tokens.body.access_token;
  }, 90_000);

  afterAll(async () => {
    for (const agent of agents.values()) agent.destroy();
    await cluster?.close();
    await database?.close();
    await drop?.();
    if (root) rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('serves the built files and the API through one address, spread over the three instances', async () => {
    const asset = await call(shop(ASSET));
    expect(asset.status).toBe(200);
    expect(asset.body).toBe('console.log("boutique");\n');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await call(shop('/'))).body).toContain('<title>Boutique</title>');

    const before = await cluster.stats();
    expect(before.map((s) => [s.name, s.status])).toEqual([
      ['i1', 'UP'],
      ['i2', 'UP'],
      ['i3', 'UP'],
    ]);
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(shop('/api/produits'))));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(Object.values(await chosenSince(before)).every((n) => n >= 3)).toBe(true);
  });

  it('sells exactly the stock when 40 shoppers race for 5 units over three instances', async () => {
    const frigo = ids.product.frigo!;
    await setStock(frigo, 5);
    const ordered = await ordersOf(frigo);
    const before = await cluster.stats();
    const answers = await Promise.all(Array.from({ length: 40 }, () => order(frigo)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(35);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.message).toMatch(
        /^Stock insuffisant pour « Réfrigérateur Nasco 2 portes » : il (n’en reste plus|en reste \d)\.$/,
      );
    expect(await stockOf(frigo)).toBe(0);
    expect(await ordersOf(frigo)).toBe(ordered + 5);
    expect(Object.values(await chosenSince(before)).every((n) => n >= 10)).toBe(true);
  });

  it('makes one order of an Idempotency-Key sent to each instance and through HAProxy at once', async () => {
    const product = ids.product.cuisiniere!;
    await setStock(product, 10);
    const ordered = await ordersOf(product);
    const key = { 'Idempotency-Key': `grappe-${Date.now()}` };
    const urls = [
      ...cluster.instances().map((i) => `http://127.0.0.1:${i.port}/api/commandes`),
      ...Array.from({ length: 3 }, () => shop('/api/commandes')),
    ];
    const answers = await Promise.all(urls.map((url) => order(product, key, url)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await ordersOf(product)).toBe(ordered + 1);
    expect(await stockOf(product)).toBe(9);
  });

  it('counts failed logins from one shopper in one budget whichever instance answers, by the address HAProxy forwards', async () => {
    const before = await cluster.stats();
    const tries = ACCOUNT_LIMITS.loginPair.points;
    for (let i = 0; i < tries; i++) expect((await login(`Faux#${i}abc`, '127.0.0.2')).status).toBe(401);
    // Round robin gave each instance a part of the ten: no instance saw them all.
    const spread = await chosenSince(before);
    expect(Object.values(spread).every((n) => n >= 3 && n < tries)).toBe(true);
    const locked = await login(USERS.customer.password, '127.0.0.2');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(
      'Trop de tentatives de connexion pour ce compte depuis cette connexion. Veuillez réessayer dans 15 minutes.',
    );
    // Another shopper reaches the instances from the same HAProxy, yet is not locked out: the count is per client.
    expect((await login(USERS.customer.password, '127.0.0.3')).status).toBe(200);
  });

  it('stops a token on every instance when its session ends on one: at once there, and within seconds on the others', async () => {
    const tokens = await login(USERS.customer.password, '127.0.0.4');
    expect(tokens.status).toBe(200);
    const mine = (port: number) =>
      call(`http://127.0.0.1:${port}/api/commandes/${ids.user.customer}`, { token: tokens.body.access_token, from: '127.0.0.4' });
    const ports = cluster.instances().map((i) => i.port);
    // Each instance has read the session, and remembers it.
    for (const port of ports) expect((await mine(port)).status).toBe(200);
    const [first, ...others] = ports;
    const out = await call(`http://127.0.0.1:${first}/api/auth/delete_tokens`, {
      method: 'POST',
      body: { refreshToken: tokens.body.refresh_token },
      from: '127.0.0.4',
    });
    expect(out.status).toBe(200);
    expect((await mine(first!)).status).toBe(401);
    // The others hear of it from the database (NOTIFY at commit), far sooner than their memory's 30-second backstop.
    const told = Date.now();
    for (const port of others) {
      while ((await mine(port)).status !== 401) expect(Date.now() - told).toBeLessThan(REMEMBERED_MS / 6);
    }
  });

  /**
   * Three shoppers looping until `stop`, each on its own connections: the product list, a built file, and orders of
   * `product` (with an Idempotency-Key, and also without one when `keyless`). Resolves with what they got.
   */
  function steadyLoad(product: number, { keyless }: { keyless: boolean }) {
    const failed: Array<{ what: string; got: number | string }> = [];
    const counts = { answered: 0, placed: 0, keyed: 0 };
    let running = true;
    const shopper = async (n: number) => {
      const from = `127.0.1.${n}`;
      for (let round = 0; running; round++) {
        const steps: Array<[string, () => Promise<Answer>, number]> = [
          ['GET /api/produits', () => call(shop('/api/produits'), { from }), 200],
          [`GET ${ASSET}`, () => call(shop(ASSET), { from }), 200],
          ...(keyless ? [['POST /api/commandes', () => order(product), 201] as [string, () => Promise<Answer>, number]] : []),
          [
            'POST /api/commandes avec Idempotency-Key',
            () => order(product, { 'Idempotency-Key': `charge-${Date.now()}-${n}-${round}` }),
            201,
          ],
        ];
        for (const [what, run, expected] of steps) {
          const got = await run().then(
            (a) => a.status,
            (err: Error) => err.message,
          );
          counts.answered++;
          if (got !== expected) failed.push({ what, got });
          else if (what.startsWith('POST')) {
            counts.placed++;
            if (what.endsWith('Key')) counts.keyed++;
          }
        }
      }
    };
    const load = Promise.all([1, 2, 3].map(shopper));
    return {
      counts,
      stop: async () => {
        running = false;
        await load;
        return { ...counts, failed };
      },
    };
  }

  /** Resolves once instance `n` (0-based) is another process than `pid` and HAProxy sees it up; throws after 30 s. */
  const relaunched = async (n: number, pid: number) => {
    const since = Date.now();
    const name = `i${n + 1}`;
    while (cluster.instances()[n]!.pid === pid || !(await cluster.stats()).some((s) => s.name === name && s.status === 'UP')) {
      if (Date.now() - since > 30_000) throw new Error(`${name} not started again after 30 s:\n${said.slice(-10).join('\n')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('loses no read and no keyed order when an instance is stopped without being drained first (SIGTERM from outside), and starts it again', async () => {
    const product = ids.product.ventiTable!;
    await setStock(product, 10_000);
    const ordered = await ordersOf(product);
    const load = steadyLoad(product, { keyless: false });
    const i2 = cluster.instances()[1]!;
    await i2.stop();
    // HAProxy takes it out after failed checks (requests sent to it meanwhile go to the others) until it is back.
    await relaunched(1, i2.pid);
    const got = await load.stop();
    expect(got.failed).toEqual([]);
    expect(got.keyed).toBeGreaterThan(5);
    expect(await ordersOf(product)).toBe(ordered + got.placed);
    expect(said).toContain('[cluster] L’instance i2 s’est arrêtée seule (code 0) : HAProxy l’a retirée ; relance dans 1 s.');
    expect(said).toContain(`[cluster] i2 : relancée (pid ${cluster.instances()[1]!.pid}).`);
  }, 60_000);

  it('starts again an instance that crashed (SIGKILL), and serves through it', async () => {
    const i3 = cluster.instances()[2]!;
    process.kill(i3.pid, 'SIGKILL');
    await relaunched(2, i3.pid);
    expect(said).toContain('[cluster] L’instance i3 s’est arrêtée seule (tuée par un signal) : HAProxy l’a retirée ; relance dans 1 s.');
    const fresh = cluster.instances()[2]!;
    expect((await call(`http://127.0.0.1:${fresh.port}/api/commandes/${ids.user.customer}`, { token: customer })).status).toBe(200);
  }, 60_000);

  it('restarts every instance, one at a time, under steady load without one failed request', async () => {
    const product = ids.product.mixeur!;
    await setStock(product, 10_000);
    const ordered = await ordersOf(product);
    const pids = cluster.instances().map((i) => i.pid);
    const before = await cluster.stats();
    const load = steadyLoad(product, { keyless: true });
    const steps: string[] = [];
    await cluster.rollingRestart((text) => steps.push(text)).finally(() => load.stop());
    const got = await load.stop();

    expect(steps.filter((s) => s.includes('remise dans la rotation'))).toHaveLength(3);
    expect(cluster.instances().every((instance, i) => instance.pid !== pids[i])).toBe(true);
    // Writes without a key included: none is ever sent to an instance that is stopping.
    expect(got.failed).toEqual([]);
    // The load ran through the whole roll, over every instance.
    expect(got.answered).toBeGreaterThan(60);
    expect(got.keyed).toBeGreaterThan(5);
    expect(got.placed).toBeGreaterThan(got.keyed);
    expect(Object.values(await chosenSince(before)).every((n) => n >= 10)).toBe(true);
    // Each order answered 201 exists once: no request was made twice by a retry, none was lost after its answer.
    expect(await ordersOf(product)).toBe(ordered + got.placed);
    expect(await stockOf(product)).toBe(10_000 - got.placed);
    expect((await cluster.stats()).map((s) => s.status)).toEqual(['UP', 'UP', 'UP']);
  }, 120_000);
});
