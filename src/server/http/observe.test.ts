import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import type { AppEnv } from '../context.ts';
import { createLogger } from '../observe/logger.ts';
import { registry } from '../observe/metrics.ts';
import { observeRequests } from './observe.ts';

/** A logger whose JSON entries land in `entries`. */
function capture() {
  const entries: Array<Record<string, unknown>> = [];
  const to = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) entries.push(JSON.parse(line));
      done();
    },
  });
  return { entries, logger: createLogger('info', to) };
}

/** The value of a metric's sample with exactly these labels (0 when it has none yet). */
async function sample(name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const found = metric?.values.find(
    (v) => Object.keys(labels).length === Object.keys(v.labels).length && Object.entries(labels).every(([k, x]) => v.labels[k] === x),
  );
  return found?.value ?? 0;
}

describe('observeRequests', () => {
  const { entries, logger } = capture();
  const app = new Hono<AppEnv>()
    .use(observeRequests(logger))
    .get('/commandes/:id', (c) => c.json({ id: c.req.param('id') }))
    .get('/panne', () => {
      throw new Error('panne');
    });

  it.each([
    [
      'a route with a parameter',
      '/commandes/77123?telephone=771234567',
      undefined,
      { route: '/commandes/:id', status: 200, level: 'info' },
    ],
    ['a path no route knows', `/${'z'.repeat(5000)}`, undefined, { route: 'non trouvée', status: 404, level: 'info' }],
    ['a route that fails', '/panne', undefined, { route: '/panne', status: 500, level: 'error' }],
    ['the id a load balancer sent', '/commandes/1', 'lb-7f3a', { req_id: 'lb-7f3a', status: 200 }],
  ])('logs %s as its route pattern, never the path or query', async (_, path, id, want) => {
    entries.length = 0;
    const res = await app.request(path, { headers: id ? { 'X-Request-Id': id } : {} });
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({ method: 'GET', ...want });
    expect(entry!.req_id).toBe(res.headers.get('x-request-id'));
    expect(entry!.ms).toEqual(expect.any(Number));
    // The random request id is left out: its hex could hold those digits by chance.
    expect(JSON.stringify({ ...entry, req_id: '' })).not.toMatch(/771234567|zzz|77123/);
  });

  it('replaces a request id it cannot trust', async () => {
    const res = await app.request('/commandes/1', { headers: { 'X-Request-Id': 'a b<script>' } });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('measures every request by route pattern', async () => {
    const before = await sample('http_request_duration_seconds', {});
    await app.request('/commandes/5');
    const count = (await registry.getMetricsAsJSON()).find((m) => m.name === 'http_request_duration_seconds')!;
    const counted = count.values.find(
      (v) =>
        (v as { metricName?: string }).metricName === 'http_request_duration_seconds_count' &&
        v.labels.route === '/commandes/:id' &&
        v.labels.status === '200',
    );
    expect(counted?.value).toBeGreaterThan(before);
  });
});

describe.each(testDatabases())('order and limit metrics on $name', (kind) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await setupApi(kind);
  });
  afterAll(() => t.close());

  it('counts an order placed once, even when its key is sent again, and a refused one by the status it got', async () => {
    const { access_token: token } = await t.login('customer');
    const fer = t.ids.product.fer!;
    const placed = await sample('boutique_orders_placed_total', { type_sale: 'order' });
    const body = orderBody(t.ids.user.customer, [[fer, 1]]);
    const headers = { 'Idempotency-Key': 'metrics-once-1' };
    expect((await t.json('/api/commandes', { method: 'POST', body, headers, token })).status).toBe(201);
    expect((await t.json('/api/commandes', { method: 'POST', body, headers, token })).status).toBe(201);
    expect(await sample('boutique_orders_placed_total', { type_sale: 'order' })).toBe(placed + 1);

    await setStock(t, { [fer]: 0 });
    const res = await t.json('/api/commandes', { method: 'POST', body, token });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const status = String(res.status);
    const refused = await sample('boutique_orders_refused_total', { status });
    expect((await t.json('/api/commandes', { method: 'POST', body, token })).status).toBe(res.status);
    expect(await sample('boutique_orders_refused_total', { status })).toBe(refused + 1);
    expect(await sample('boutique_orders_placed_total', { type_sale: 'order' })).toBe(placed + 1);
  });

  it.each<[string, number, (token: string, body: ReturnType<typeof orderBody>) => Parameters<TestApi['json']>]>([
    ['input its schema refuses', 400, (token, body) => ['/api/commandes', { method: 'POST', token, body: { ...body, order_lines: [] } }]],
    [
      'a malformed Idempotency-Key',
      400,
      (token, body) => ['/api/commandes', { method: 'POST', token, body, headers: { 'Idempotency-Key': 'clé à espaces' } }],
    ],
    ['no sign-in', 401, (_, body) => ['/api/commandes', { method: 'POST', body }]],
    ['a guest booking its schema refuses', 400, () => ['/api/commande-sans-partner', { method: 'POST', body: {} }]],
  ])('counts an order refused for %s, by its status', async (_label, status, request) => {
    const { access_token: token } = await t.login('customer');
    const labels = { status: String(status) };
    const refused = await sample('boutique_orders_refused_total', labels);
    const res = await t.json(...request(token, orderBody(t.ids.user.customer, [[t.ids.product.fer!, 1]])));
    expect(res.status, res.text).toBe(status);
    expect(await sample('boutique_orders_refused_total', labels)).toBe(refused + 1);
  });
});
