import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import { orders } from '../db/schema-orders.ts';
import { products } from '../db/schema.ts';

const ON = { active: true, rate: 10, cap: 20_000 };

describe.each(testDatabases())('the welcome offer on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let p: Record<string, number>;

  /** A fresh verified customer with no order, logged in. */
  async function newcomer(n: string) {
    const email = `bienvenue-${n}-${kind.name}@test.sn`;
    const phone = `77${String(1_000_000 + Math.floor(Math.random() * 8_999_999))}`;
    const signup = await t.json('/api/new_compte', {
      method: 'POST',
      body: { name: `Nouvelle ${n}`, email, partner_phone: phone, password: 'Bienvenue2026' },
    });
    expect(signup.status).toBe(201);
    await t.database.db.execute(`update users set is_verified = true where id = ${Number(signup.body.id)}` as never);
    const token = (await t.json(`/api/auth/get_tokens?username=${encodeURIComponent(email)}&password=Bienvenue2026`)).body
      .access_token as string;
    return { id: Number(signup.body.id), token };
  }
  const place = (who: { id: number; token: string }, lines: Array<[number, number]>, over: Record<string, unknown> = {}, key?: string) =>
    t.json('/api/commandes', {
      method: 'POST',
      token: who.token,
      headers: key ? { 'Idempotency-Key': key } : {},
      body: orderBody(who.id, lines, { adresse: 'Dakar, Plateau', telephone: '771234567', ...over }),
    });

  beforeAll(async () => {
    t = await setupApi(kind, { poolSize: 20 });
    p = t.ids.product;
    admin = (await t.login('admin')).access_token;
    expect((await t.json('/api/admin/offre-bienvenue', { method: 'PUT', token: admin, body: ON })).status).toBe(200);
    await setStock(t, Object.fromEntries(Object.values(p).map((id) => [id, 100])));
  });
  afterAll(() => t.close());

  it('takes 10 % of a first order’s non-promotional lines off its total, capped, and says so on the order', async () => {
    const me = await newcomer('mix');
    const rows = await t.database.db.select().from(products).where(eq(products.id, p.frigo!));
    const promo = (await t.database.db.select().from(products)).find(
      (r) => r.enPromo && r.promoPrice !== null && r.saleOk && r.preorderPrice === null,
    )!;
    const frigo = rows[0]!;
    const answer = await place(me, [
      [frigo.id, 1],
      [promo.id, 1],
    ]);
    expect(answer.status).toBe(201);
    const lines = frigo.listPrice + promo.promoPrice!;
    const expected = Math.min(20_000, Math.floor((frigo.listPrice * 10) / 100));
    expect(answer.body.welcome_reduction).toBe(expected);
    expect(answer.body.amount_total).toBe(lines - expected);
    // The second order of the same account pays the full price.
    const second = await place(me, [[frigo.id, 1]]);
    expect(second.body.welcome_reduction).toBe(0);
    expect(second.body.amount_total).toBe(frigo.listPrice);
  });

  it('caps the reduction at the retailer’s cap and follows the terms they save', async () => {
    const big = await newcomer('cap');
    const expensive = await t.database.db.select().from(products);
    const costly = expensive
      .filter((r) => !r.enPromo && r.saleOk && r.preorderPrice === null)
      .sort((a, b) => b.listPrice - a.listPrice)[0]!;
    const answer = await place(big, [[costly.id, 3]]);
    expect(answer.body.welcome_reduction).toBe(Math.min(20_000, Math.floor((costly.listPrice * 3 * 10) / 100)));

    expect(
      (await t.json('/api/admin/offre-bienvenue', { method: 'PUT', token: admin, body: { active: true, rate: 5, cap: 1_000 } })).status,
    ).toBe(200);
    const other = await newcomer('terms');
    expect((await place(other, [[costly.id, 1]])).body.welcome_reduction).toBe(Math.min(1_000, Math.floor(costly.listPrice / 20)));
    await t.json('/api/admin/offre-bienvenue', { method: 'PUT', token: admin, body: ON });
  });

  it('gives it once when two first orders of one account are sent at once, and back after a cancelled first order', async () => {
    const me = await newcomer('race');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => place(me, [[p.frigo!, 1]], {}, `course-${kind.name}-${i}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const reduced = answers.filter((a) => a.body.welcome_reduction > 0);
    expect(reduced).toHaveLength(1);

    // Cancelling every order gives the offer back to the next one.
    for (const a of answers) expect((await t.json(`/api/commande/${a.body.id}/annuler`, { token: me.token })).status).toBe(200);
    expect((await place(me, [[p.frigo!, 1]])).body.welcome_reduction).toBeGreaterThan(0);
  });

  it('is never given to a guest, an unverified account, a credit order or a pack, and tells the checkout why', async () => {
    expect((await t.json('/api/offre-bienvenue')).body).toMatchObject({ ...ON, applies: false, miss: 'guest' });
    const me = await newcomer('why');
    expect((await t.json('/api/offre-bienvenue', { token: me.token })).body).toMatchObject({ applies: true, miss: null, message: null });
    const customer = (await t.login('customer')).access_token;
    // The fixtures' customer has ordered before in no test of this file: still a first order.
    expect((await t.json('/api/offre-bienvenue', { token: customer })).body.applies).toBe(true);
    const unverified = (await t.login('unverified')).access_token;
    expect((await t.json('/api/offre-bienvenue', { token: unverified })).body).toMatchObject({ applies: false, miss: 'unverified' });

    const member = (await t.login('member')).access_token;
    const credit = await t.json('/api/commandes', {
      method: 'POST',
      token: member,
      body: orderBody(t.ids.user.member, [[p.tvLg!, 1]], { type_sale: 'creditorder', adresse: 'Dakar', telephone: '771234567' }),
    });
    expect(credit).toMatchObject({ status: 201, body: { type_sale: 'creditorder', welcome_reduction: 0 } });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.userId, t.ids.user.member));
    expect(row).toMatchObject({ welcomeReduction: 0, amountTotal: credit.body.amount_total });
  });

  it('lets only an admin read or change the terms, refuses bad ones in French and journals the change', async () => {
    const customer = (await t.login('customer')).access_token;
    expect((await t.json('/api/admin/offre-bienvenue', { token: customer })).status).toBe(403);
    expect((await t.json('/api/admin/offre-bienvenue', { method: 'PUT', token: customer, body: ON })).status).toBe(403);
    const bad = await t.json('/api/admin/offre-bienvenue', { method: 'PUT', token: admin, body: { active: true, rate: 80, cap: 1 } });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Le taux doit être compris entre 1 et 50 %.' } });
    expect((await t.json('/api/admin/offre-bienvenue', { token: admin })).body).toEqual(ON);
    await t.json('/api/admin/offre-bienvenue', { method: 'PUT', token: admin, body: { ...ON, cap: 15_000 } });
    const journal = await t.json('/api/admin/audit?entity=setting&id=1', { token: admin });
    expect(JSON.stringify(journal.body)).toContain('welcome_offer');
    await t.json('/api/admin/offre-bienvenue', { method: 'PUT', token: admin, body: ON });
  });
});
