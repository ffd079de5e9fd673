// Order creation under load: `concurrency` shoppers placing orders at once through POST /api/commandes.
import pg from 'pg';
import { measureCalls } from './api.mjs';
import { defer } from './cleanup.mjs';

/** A throw-away PostgreSQL database next to `baseUrl`, dropped at the end of the bench. */
export async function throwAwayPostgres(baseUrl) {
  const name = `boutique_bench_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  defer(async () => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function call(base, path, init = {}) {
  const res = await fetch(base + path, { ...init, headers: { 'content-type': 'application/json', ...init.headers } });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} : HTTP ${res.status} ${body?.message ?? ''}`);
  return body;
}

/**
 * Logs in the demo customer and admin, gives `concurrency` products ample stock, then has `concurrency` shoppers place `requests`
 * one-unit orders (each on a product of its own, so rows are locked as real shoppers would); returns p50/p95/p99 and orders/s.
 */
export async function measureOrders(base, accounts, { requests = 200, concurrency = 10, warmup = 10 } = {}) {
  const login = (a) => call(base, `/api/auth/get_tokens?${new URLSearchParams({ username: a.email, password: a.password })}`);
  const [shopper, admin] = [await login(accounts.customer), await login(accounts.admin)];
  // One product per shopper where the catalogue has enough, so shoppers wait on each other only for what they share.
  const { products } = await call(base, `/api/produits-filtrer?limit=${Math.min(100, Math.max(20, concurrency))}`);
  const picks = products.slice(0, concurrency);
  for (const p of picks) {
    await call(base, `/api/produits/${p.id}`, {
      method: 'PUT',
      headers: { 'access-token': admin.access_token },
      body: JSON.stringify({ quantity: 1_000_000 }),
    });
  }
  return measureCalls(
    (w) => {
      const product = picks[w % picks.length];
      return fetch(`${base}/api/commandes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'access-token': shopper.access_token, 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({
          partner_id: shopper.user_info.id,
          type_sale: 'order',
          payment_mode: 'domicile',
          state: 'sale',
          order_lines: [{ id: product.id, quantity: 1, list_price: product.list_price }],
        }),
      });
    },
    { requests, concurrency, warmup },
  );
}

/**
 * `measureOrders` run `rounds` times in a row on the same shop; the round of median p95, with every round's p95 in `roundsP95`.
 * One round of 200 orders lasts one or two seconds, so a moment's contention on a shared machine moved one run's p95 by a third.
 */
export async function measureOrderRounds(base, accounts, { rounds = 3, ...opts } = {}) {
  const runs = [];
  for (let i = 0; i < rounds; i++) runs.push(await measureOrders(base, accounts, opts));
  const timed = runs.filter((r) => r.p95 !== undefined).sort((a, b) => a.p95 - b.p95);
  if (timed.length < runs.length) return runs.find((r) => r.p95 === undefined);
  return { ...timed[Math.floor(timed.length / 2)], roundsP95: runs.map((r) => r.p95) };
}
