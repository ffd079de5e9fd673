import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody } from '../../../tests/fixtures/orders.ts';
import { orderLines } from '../db/schema-orders.ts';
import { products } from '../db/schema.ts';

const retiredMessage = (name: string) =>
  `Le produit « ${name} » figure dans des commandes : il est retiré de la vente au lieu d’être supprimé.`;

// On PostgreSQL every request of a burst has its own connection (a pool of 40), so the delete really races the orders.
describe.each(testDatabases())('deleting a product on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let customer: string;
  let made = 0;

  beforeAll(async () => {
    t = await setupApi(kind, { poolSize: 40 });
    admin = (await t.login('admin')).access_token;
    customer = (await t.login('customer')).access_token;
  });
  afterAll(() => t.close());

  /** A new product on sale with `quantity` in stock, orderable and pre-orderable. */
  async function product(quantity = 100): Promise<{ id: number; name: string }> {
    const name = `Bouilloire Kenwood ${kind.name} ${++made}`;
    const res = await t.json('/api/produits', {
      method: 'POST',
      token: admin,
      body: { name, list_price: 15000, preorder_price: 14000, quantity },
    });
    expect(res.status).toBe(201);
    return { id: res.body.id, name };
  }
  const remove = (id: number) => t.json(`/api/produits/${id}`, { method: 'DELETE', token: admin });
  const order = (id: number, type_sale = 'order') =>
    t.json('/api/commandes', { method: 'POST', token: customer, body: orderBody(t.ids.user.customer, [[id, 1]], { type_sale }) });
  const journal = async (id: number) =>
    (await t.json(`/api/admin/audit?entity=product&id=${id}`, { token: admin })).body as Array<{
      action: string;
      changes: unknown;
      user: { id: number } | null;
    }>;
  const orphans = async () =>
    (await t.database.db.select({ id: orderLines.id }).from(orderLines).where(isNull(orderLines.productId))).length;
  const linesOf = async (id: number) =>
    (await t.database.db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.productId, id))).length;

  it('deletes a product no order names, and audits it', async () => {
    const p = await product();
    expect(await remove(p.id)).toMatchObject({ status: 200, body: { message: 'Produit supprimé.', id: p.id, outcome: 'deleted' } });
    expect((await t.json(`/api/produits/${p.id}`, { token: admin })).status).toBe(404);
    expect((await journal(p.id))[0]).toMatchObject({ action: 'delete', changes: { name: [p.name, null] }, user: { id: t.ids.user.admin } });
    expect((await remove(p.id)).status).toBe(404);
  });

  it.each([
    [
      'an open order',
      async (id: number) => {
        await order(id);
      },
      100,
    ],
    // Pre-orders are for products out of stock (src/domain/preorder.ts).
    [
      'a pre-order',
      async (id: number) => {
        expect((await order(id, 'preorder')).body).toMatchObject({ type_sale: 'preorder' });
      },
      0,
    ],
    [
      'a delivered order',
      async (id: number) => {
        const placed = await order(id);
        for (const to of ['confirmed', 'shipped', 'delivered']) {
          expect((await t.json(`/api/commandes/${placed.body.id}`, { method: 'PUT', token: admin, body: { state: to } })).status).toBe(200);
        }
      },
      100,
    ],
    [
      'a cancelled order',
      async (id: number) => {
        const placed = await order(id);
        expect((await t.json(`/api/commande/${placed.body.id}/annuler`, { token: customer })).status).toBe(200);
      },
      100,
    ],
  ])(
    'retires a product named by %s instead of deleting it: 200, the product off sale, its lines intact, audited',
    async (_what, place, stock) => {
      const p = await product(stock);
      await place(p.id);
      const answer = await remove(p.id);
      expect(answer).toMatchObject({
        status: 200,
        body: { message: retiredMessage(p.name), id: p.id, outcome: 'retired', product: { id: p.id, name: p.name, sale_ok: false } },
      });
      expect(await linesOf(p.id)).toBe(1);
      expect((await t.json(`/api/produits/${p.id}`)).status).toBe(404);
      expect((await t.json(`/api/produits/${p.id}`, { token: admin })).body.sale_ok).toBe(false);
      expect((await journal(p.id))[0]).toMatchObject({
        action: 'retire',
        changes: { sale_ok: [true, false] },
        user: { id: t.ids.user.admin },
      });
      expect((await order(p.id)).body.message).toBe(`Le produit « ${p.name} » n’est plus en vente.`);
    },
  );

  it('a product already off sale and in an order stays as it is: the answer says so, the journal has nothing new', async () => {
    const p = await product();
    await order(p.id);
    await remove(p.id);
    const again = await remove(p.id);
    expect(again).toMatchObject({
      status: 200,
      body: {
        message: `Le produit « ${p.name} » figure dans des commandes : il reste retiré de la vente au lieu d’être supprimé.`,
        outcome: 'retired',
      },
    });
    expect((await journal(p.id)).filter((e) => e.action === 'retire')).toHaveLength(1);
  });

  it('a delete racing orders and pre-orders never orphans a line nor answers 500: each order is placed with its product, or refused in French', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      // Orders take stock from one product; pre-orders, which are for products out of stock, name another.
      const [p, q] = [await product(), await product(0)];
      // The deletes leave once `head` orders have been answered (none in the first round), so that in some rounds they run
      // before any order, in others among them or after some have committed.
      const head = (round % 4) * 2;
      let answered = 0;
      let go!: () => void;
      const started = new Promise<void>((r) => {
        go = r;
      });
      if (head === 0) go();
      const requests = Array.from({ length: 24 }, (_, i) => (i % 3 === 2 ? { of: q, type: 'preorder' } : { of: p, type: 'order' }));
      const orders = requests.map((r) =>
        order(r.of.id, r.type).then((a) => {
          if (++answered === head) go();
          return a;
        }),
      );
      const deleted = await started.then(() => Promise.all([remove(p.id), remove(q.id)]));
      const orderAnswers = await Promise.all(orders);
      expect([...orderAnswers, ...deleted].map((a) => a.status).filter((s) => s >= 500)).toEqual([]);
      expect(await orphans()).toBe(0);
      for (const [i, target] of [p, q].entries()) {
        const mine = orderAnswers.filter((_, k) => requests[k]!.of === target);
        expect(deleted[i]!.status).toBe(200);
        for (const a of mine.filter((x) => x.status !== 201)) {
          expect([400, 409]).toContain(a.status);
          expect(a.body.message).toMatch(
            new RegExp(`^(Le produit « ${target.name} » n’est plus en vente\\.|Produit inconnu : ${target.id}\\.)$`),
          );
        }
        const placed = mine.filter((a) => a.status === 201).length;
        expect(await linesOf(target.id)).toBe(placed);
        outcomes.add(deleted[i]!.body.outcome);
        const [row] = await t.database.db.select({ saleOk: products.saleOk }).from(products).where(eq(products.id, target.id));
        if (deleted[i]!.body.outcome === 'deleted') expect([row, placed]).toEqual([undefined, 0]);
        else expect([deleted[i]!.body.outcome, row?.saleOk, placed > 0]).toEqual(['retired', false, true]);
      }
    }
    expect(outcomes.has('retired')).toBe(true);
  });
});
