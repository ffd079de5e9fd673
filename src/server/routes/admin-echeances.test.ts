import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import { instalmentReminders } from '../db/schema-credit.ts';
import { orders } from '../db/schema-orders.ts';

describe.each(testDatabases())('overdue instalments in the back office on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let credit: { id: number; reference: string };
  let preorder: { id: number; reference: string };
  const list = (query = '') => t.json(`/api/admin/echeances/retard${query}`, { token: admin });

  beforeAll(async () => {
    t = await setupApi(kind);
    const p = t.ids.product;
    const u = t.ids.user;
    await setStock(t, { [p.clim!]: 10 });
    const member = (await t.login('member')).access_token;
    const customer = (await t.login('customer')).access_token;
    const post = async (body: unknown, token: string) => {
      const res = await t.json('/api/commandes', { method: 'POST', token, body });
      expect(res.status).toBe(201);
      return res.body;
    };
    // Placed on 21 November 2026: the credit order falls due on 5 December, 5 January, 5 February (113 333, 113 333, 113 334);
    // the pre-order's tranches on 21 November and 21 December (129 000 each), the last at delivery.
    credit = await post(orderBody(u.member, [[p.clim!, 1]], { type_sale: 'creditorder', credit_months: 3 }), member);
    const cancelled = await post(orderBody(u.member, [[p.clim!, 1]], { type_sale: 'creditorder', credit_months: 3 }), member);
    preorder = await post(orderBody(u.customer, [[p.tvLg!, 1]], { type_sale: 'preorder' }), customer);
    await t.database.db.update(orders).set({ state: 'cancel', cancelReason: 'parent' }).where(eq(orders.id, cancelled.id));
    await t.database.db.insert(instalmentReminders).values([
      { orderId: credit.id, number: 1, sentOn: '2026-12-02', kind: 'before' },
      { orderId: credit.id, number: 1, sentOn: '2026-12-06', kind: 'overdue' },
    ]);
    t.clock.advance(31 * 86_400); // 22 December 2026
    admin = (await t.login('admin')).access_token;
  });
  afterAll(() => t.close());

  it('is for admins only', async () => {
    expect((await t.json('/api/admin/echeances/retard')).status).toBe(401);
    for (const who of ['customer', 'member', 'parent'] as const) {
      const res = await t.json('/api/admin/echeances/retard', { token: (await t.login(who)).access_token });
      expect(res).toMatchObject({ status: 403, body: { message: 'Accès réservé aux administrateurs.' } });
    }
  });

  it('lists the unpaid instalments past their due day, oldest first, with their totals overall and per parent account', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.total).toEqual({ count: 3, amount: 129_000 + 113_333 + 129_000 });
    expect(res.body.by_parent).toEqual([
      { parent_id: null, organisation: null, count: 2, amount: 258_000 },
      { parent_id: t.ids.user.parent, organisation: 'Mutuelle Test', count: 1, amount: 113_333 },
    ]);
    expect(res.body.instalments).toEqual([
      expect.objectContaining({
        reference: preorder.reference,
        number: 1,
        label: 'Première tranche (30 %)',
        due_on: '2026-11-21',
        days_late: 31,
        amount: 129_000,
        organisation: null,
        last_reminder: null,
      }),
      {
        order_id: credit.id,
        reference: credit.reference,
        number: 1,
        label: 'Mensualité 1 sur 3',
        due_on: '2026-12-05',
        days_late: 17,
        amount: 113_333,
        name: 'Fatou Membre',
        telephone: '221772223344',
        organisation: 'Mutuelle Test',
        last_reminder: { kind: 'overdue', sent_on: '2026-12-06' },
      },
      expect.objectContaining({ reference: preorder.reference, number: 2, due_on: '2026-12-21', days_late: 1 }),
    ]);
  });

  it('pages the list while the totals stay those of every page, and forgets an instalment once paid', async () => {
    const second = await list('?limit=2&page=2');
    expect(second.body.instalments.map((i: { number: number }) => i.number)).toEqual([2]);
    expect(second.body.total.count).toBe(3);
    expect((await list('?limit=0')).status).toBe(400);
    const paid = await t.json(`/api/admin/commandes/${preorder.id}/tranches/1`, { method: 'PUT', token: admin, body: { state: 'paid' } });
    expect(paid.status).toBe(200);
    const after = await list();
    expect(after.body.total).toEqual({ count: 2, amount: 113_333 + 129_000 });
    expect(after.body.instalments.map((i: { due_on: string }) => i.due_on)).toEqual(['2026-12-05', '2026-12-21']);
  });
});
