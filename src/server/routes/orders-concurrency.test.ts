import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock, snapshot, stockOf } from '../../../tests/fixtures/orders.ts';
import { products } from '../db/schema.ts';

// Real concurrency: on PostgreSQL every request of a burst gets its own connection (a pool of 60), and rows are locked for real.
describe.each(testDatabases())('orders under concurrency on $name', (kind) => {
  let t: TestApi;
  let customer: string;
  let p: Record<string, number>;
  const order = (lines: Array<[number, number]>, headers: Record<string, string> = {}, token = customer, partner = t.ids.user.customer) =>
    t.json('/api/commandes', { method: 'POST', token, headers, body: orderBody(partner, lines) });

  beforeAll(async () => {
    t = await setupApi(kind, { poolSize: 60 });
    p = t.ids.product;
    customer = (await t.login('customer')).access_token;
  });
  afterAll(() => t.close());

  it('never oversells: 50 shoppers race for 5 units, 20 times over, and exactly 5 win each time', async () => {
    let connections = 0;
    for (let round = 0; round < 20; round++) {
      await setStock(t, { [p.frigo!]: 5 });
      const before = (await snapshot(t)).orders;
      const answers = await Promise.all(Array.from({ length: 50 }, () => order([[p.frigo!, 1]])));
      if (kind.name === 'postgres' && round === 0) {
        const result = await t.database.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database()`);
        connections = (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
      }
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 409)).toHaveLength(45);
      expect(answers.find((a) => a.status === 409)!.body.message).toMatch(/^Stock insuffisant pour « Réfrigérateur Nasco 2 portes »/);
      expect(await stockOf(t, p.frigo!)).toBe(0);
      expect((await snapshot(t)).orders).toBe(before + 5);
    }
    if (kind.name === 'postgres') expect(connections).toBeGreaterThanOrEqual(50);
  });

  it('makes one order of 10 copies sent at once with one Idempotency-Key, and refuses that key with another body', async () => {
    await setStock(t, { [p.cuisiniere!]: 10, [p.mixeur!]: 10 });
    const key = { 'Idempotency-Key': `essai-${kind.name}-${Date.now()}` };
    const before = await snapshot(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => order([[p.cuisiniere!, 2]], key)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(9);
    const after = await snapshot(t);
    expect([after.orders, after.keys]).toEqual([before.orders + 1, before.keys + 1]);
    expect(await stockOf(t, p.cuisiniere!)).toBe(8);

    const other = await order([[p.mixeur!, 1]], key);
    expect(other).toMatchObject({
      status: 422,
      body: { message: 'Cette clé Idempotency-Key a déjà servi pour une autre commande : générez-en une nouvelle.' },
    });
    expect(await snapshot(t)).toEqual(after);

    // A key belongs to its caller: someone else's copy of it is a new order of theirs, never a view of this one.
    const member = (await t.login('member')).access_token;
    const theirs = await order([[p.cuisiniere!, 2]], key, member, t.ids.user.member);
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(answers[0]!.body.id);
  });

  it('gives stock back once when the same order is cancelled 10 times at once', async () => {
    await setStock(t, { [p.clim!]: 10 });
    const placed = await order([[p.clim!, 4]]);
    expect(await stockOf(t, p.clim!)).toBe(6);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => t.json(`/api/commande/${placed.body.id}/annuler`, { token: customer })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await stockOf(t, p.clim!)).toBe(10);
  });

  it('leaves no order, no stock change and no key when the database fails between the order and its lines', async () => {
    await setStock(t, { [p.tvLg!]: 5 });
    const db = t.database.db;
    await db.execute(
      sql.raw(`create function fail_order_lines() returns trigger language plpgsql as $$ begin raise exception 'panne injectée'; end $$`),
    );
    await db.execute(
      sql.raw('create trigger fail_order_lines before insert on order_lines for each row execute function fail_order_lines()'),
    );
    const key = { 'Idempotency-Key': `panne-${kind.name}` };
    const before = await snapshot(t);
    const failed = await order([[p.tvLg!, 2]], key);
    expect(failed).toMatchObject({ status: 500, body: { message: 'Erreur interne du serveur. Veuillez réessayer.' } });
    expect(await snapshot(t)).toEqual(before);

    await db.execute(sql.raw('drop trigger fail_order_lines on order_lines'));
    const retried = await order([[p.tvLg!, 2]], key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await stockOf(t, p.tvLg!)).toBe(3);
  });
});

// Two connections at once need a server: PGlite has one. A sale changes only stock, which no longer bumps a row every sale
// shares (migration 0018): an order whose commit-time bump is taken and held open must not hold up an order for another product.
describe.each(testDatabases().filter((kind) => kind.name === 'postgres'))('sales on two connections on $name', (kind) => {
  let t: TestApi;
  let customer: string;

  beforeAll(async () => {
    t = await setupApi(kind, { poolSize: 10 });
    customer = (await t.login('customer')).access_token;
  });
  afterAll(() => t.close());

  it('commits an order while another order holds its stock and its commit-time version bump open, uncommitted', async () => {
    const { frigo, clim } = t.ids.product;
    await setStock(t, { [frigo!]: 5, [clim!]: 5 });
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    let bumped = () => {};
    const taken = new Promise<void>((done) => {
      bumped = done;
    });
    const first = t.database.db.transaction(async (tx) => {
      // What takeStock does (orders/pricing.ts), then what the commit does, done now: the deferred triggers take their rows.
      await tx
        .update(products)
        .set({ quantity: sql`${products.quantity} - 1`, updatedAt: new Date() })
        .where(eq(products.id, frigo!));
      await tx.execute(sql`set constraints all immediate`);
      bumped();
      await held;
    });
    await taken;
    const timeout = new Promise<'attente'>((done) => setTimeout(() => done('attente'), 5_000));
    try {
      const second = await Promise.race([
        t.json('/api/commandes', { method: 'POST', token: customer, body: orderBody(t.ids.user.customer, [[clim!, 1]]) }),
        timeout,
      ]);
      expect(second === 'attente' ? 'attente' : second.status).toBe(201);
      expect(await stockOf(t, clim!)).toBe(4);
      expect(await stockOf(t, frigo!)).toBe(5);
    } finally {
      release();
      await first;
    }
    expect(await stockOf(t, frigo!)).toBe(4);
  });
});
