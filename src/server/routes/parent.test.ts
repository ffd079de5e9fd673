import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, setStock, stockOf } from '../../../tests/fixtures/orders.ts';
import { HOLDS } from '../../domain/holds.ts';
import { orders } from '../db/schema-orders.ts';
import { users } from '../db/schema.ts';
import { expireHolds } from '../orders/holds.ts';

describe.each(testDatabases())('parent-account approval of credit orders on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let member: string;
  let parent: string;
  let customer: string;
  let otherParent: string;
  let p: Record<string, number>;
  let u: TestApi['ids']['user'];

  const place = async (months = 6) => {
    const res = await t.json('/api/commandes', {
      method: 'POST',
      token: member,
      body: orderBody(u.member, [[p.clim!, 1]], { type_sale: 'creditorder', credit_months: months }),
    });
    expect(res.status).toBe(201);
    return res.body as { id: number; reference: string; amount_total: number };
  };
  const approve = (id: number, token: string) => t.json(`/api/compte-parent/commandes/${id}/approuver`, { method: 'POST', token });
  const refuse = (id: number, token: string, body: unknown) =>
    t.json(`/api/compte-parent/commandes/${id}/refuser`, { method: 'POST', token, body });
  const confirm = (id: number) => t.json(`/api/commandes/${id}`, { method: 'PUT', token: admin, body: { state: 'confirmed' } });
  const row = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const sentTo = (reference: string) => t.mail.filter((m) => ('text' in m ? m.text : '').includes(reference));

  beforeAll(async () => {
    t = await setupApi(kind);
    p = t.ids.product;
    u = t.ids.user;
    admin = (await t.login('admin')).access_token;
    member = (await t.login('member')).access_token;
    parent = (await t.login('parent')).access_token;
    customer = (await t.login('customer')).access_token;
    // Another parent account: the customer's account made one for this test would be the same; sign one up.
    const email = `autre-garant-${kind.name}@test.sn`;
    const signup = await t.json('/api/new_compte', {
      method: 'POST',
      body: { name: 'Autre Garant', email, partner_phone: '776665544', password: 'Garant2026x' },
    });
    expect(signup.status).toBe(201);
    await t.database.db
      .update(users)
      .set({ isVerified: true, organisation: 'Autre Mutuelle' })
      .where(eq(users.id, Number(signup.body.id)));
    otherParent = (await t.json(`/api/auth/get_tokens?username=${encodeURIComponent(email)}&password=Garant2026x`)).body.access_token;
  });
  afterAll(() => t.close());
  beforeEach(() => setStock(t, { [p.clim!]: 5 }));

  it('lists the member’s credit order to its parent account only, and lets no one else approve or refuse it', async () => {
    const o = await place();
    const listed = await t.json('/api/compte-parent/commandes?state=pending', { token: parent });
    expect(listed.status).toBe(200);
    const mine = listed.body.find((x: { id: number }) => x.id === o.id);
    expect(mine).toMatchObject({
      reference: o.reference,
      member: { id: u.member, name: 'Fatou Membre' },
      months: 6,
      amount_total: o.amount_total,
      state: 'sale',
      credit: { shop_approved_at: null, parent_approved_at: null, parent_refusal: null },
    });
    expect(mine.tranches).toHaveLength(6);
    expect(mine.lines).toEqual([{ name: expect.any(String), quantity: 1 }]);
    for (const token of [otherParent, member, customer]) {
      expect((await t.json('/api/compte-parent/commandes?state=all', { token })).body).toEqual([]);
      expect(await approve(o.id, token)).toMatchObject({ status: 404, body: { message: 'Commande introuvable.' } });
      expect(await refuse(o.id, token, { reason: 'Pas moi' })).toMatchObject({ status: 404, body: { message: 'Commande introuvable.' } });
    }
    expect(await row(o.id)).toMatchObject({ state: 'sale', parentApprovedAt: null, parentRefusal: null });
    expect((await t.json('/api/compte-parent/commandes', {})).status).toBe(401);
    expect((await t.json('/api/compte-parent/commandes?state=tout', { token: parent })).status).toBe(400);
  });

  it('tells the member their credit order waits for both approvals, paid in instalments, never online at once', async () => {
    const o = await place();
    const email = () => t.mail.find((m) => m.kind === 'email' && m.text.includes(o.reference));
    await vi.waitFor(() => expect(email()).toBeDefined());
    const text = email()!.text;
    expect(text).toContain('Paiement : en 6 mensualités');
    expect(text).toContain('elle sera confirmée dès que la boutique et votre compte parent l’auront validée');
    expect(text).toContain('le temps que la boutique et votre compte parent valident la commande');
    expect(text).toContain('Mensualité 6 sur 6');
    expect(text).not.toContain('à la livraison');
    const online = await t.json('/api/commandes', {
      method: 'POST',
      token: member,
      body: orderBody(u.member, [[p.clim!, 1]], { type_sale: 'creditorder', credit_months: 6, payment_mode: 'online' }),
    });
    expect(online).toMatchObject({
      status: 400,
      body: { message: 'Une commande à crédit se règle en mensualités, pas en ligne en une fois.', field: 'payment_mode' },
    });
  });

  it('confirms only after both approvals: shop first, then the parent account', async () => {
    const o = await place();
    const shop = await confirm(o.id);
    expect(shop.status).toBe(200);
    expect(shop.body.state).toBe('sale');
    expect(shop.body.credit.shop_approved_at).toBe(t.clock.now.toISOString());
    expect(shop.body.credit.parent_approved_at).toBeNull();
    // Confirming again records nothing new.
    expect((await confirm(o.id)).body).toMatchObject({ state: 'sale', credit: { shop_approved_at: t.clock.now.toISOString() } });
    const done = await approve(o.id, parent);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ state: 'confirmed', credit: { parent_approved_at: t.clock.now.toISOString() } });
    expect(await row(o.id)).toMatchObject({ state: 'confirmed', holdUntil: null });
    // Both approvals told the member, by e-mail and SMS.
    await vi.waitFor(() => expect(sentTo(o.reference).filter((m) => /validée par/.test('text' in m ? m.text : ''))).toHaveLength(4));
    // Approving twice answers the order as it is.
    expect(await approve(o.id, parent)).toMatchObject({ status: 200, body: { state: 'confirmed' } });
    expect(
      (await t.json('/api/compte-parent/commandes?state=pending', { token: parent })).body.map((x: { id: number }) => x.id),
    ).not.toContain(o.id);
  });

  it('confirms only after both approvals: the parent account first, then the shop', async () => {
    const o = await place(3);
    const first = await approve(o.id, parent);
    expect(first.body).toMatchObject({ state: 'sale', credit: { shop_approved_at: null, parent_approved_at: t.clock.now.toISOString() } });
    expect(await refuse(o.id, parent, { reason: 'Changement d’avis' })).toMatchObject({
      status: 409,
      body: { message: 'Vous avez déjà validé cette commande : elle ne peut plus être refusée.' },
    });
    const shop = await confirm(o.id);
    expect(shop.body).toMatchObject({ state: 'confirmed', credit: { shop_approved_at: t.clock.now.toISOString() } });
  });

  it('cancels the order and gives its stock back when the parent account refuses, with its reason', async () => {
    const o = await place();
    expect(await stockOf(t, p.clim!)).toBe(4);
    expect(await refuse(o.id, parent, { reason: ' ' })).toMatchObject({
      status: 400,
      body: { message: 'Indiquez la raison du refus (elle est transmise au membre).', field: 'reason' },
    });
    const no = await refuse(o.id, parent, { reason: 'Plafond de retenue sur salaire atteint' });
    expect(no.status).toBe(200);
    expect(no.body).toMatchObject({
      state: 'cancel',
      cancel_reason: 'parent',
      credit: { parent_refusal: 'Plafond de retenue sur salaire atteint' },
    });
    expect(await stockOf(t, p.clim!)).toBe(5);
    // Refused twice, or approved after: nothing moves, the stock is given back once.
    expect((await refuse(o.id, parent, { reason: 'Encore' })).status).toBe(409);
    expect(await approve(o.id, parent)).toMatchObject({ status: 409 });
    expect(await confirm(o.id)).toMatchObject({
      status: 409,
      body: { message: 'Cette commande a été refusée par le compte parent : elle ne peut plus être validée.' },
    });
    expect(await stockOf(t, p.clim!)).toBe(5);
    const seen = await t.json(`/api/getcommande/${o.id}`, { token: member });
    expect(seen.body).toMatchObject({ state: 'cancel', cancel_reason: 'parent' });
    await vi.waitFor(() =>
      expect(sentTo(o.reference).filter((m) => /refusée par votre compte parent/.test('text' in m ? m.text : ''))).toHaveLength(2),
    );
  });

  it('holds a credit order’s stock 7 days for its approvals, then cancels it and tells the member', async () => {
    const o = await place();
    expect(await stockOf(t, p.clim!)).toBe(4);
    const stored = await row(o.id);
    expect(stored.holdUntil!.getTime() - stored.createdAt.getTime()).toBe(HOLDS.creditApprovalMs);
    // Half approved: still held.
    await confirm(o.id);
    expect((await row(o.id)).holdUntil!.getTime()).toBe(stored.holdUntil!.getTime());
    const later = new Date(stored.holdUntil!.getTime() + 60_000);
    const cancelled = await expireHolds(
      {
        db: t.database.db,
        provider: null,
        mailer: {
          email: async (m) => void t.mail.push({ kind: 'email', ...m }),
          sms: async (m) => void t.mail.push({ kind: 'sms', ...m }),
        },
        siteUrl: '',
        log: () => {},
      },
      later,
    );
    expect(cancelled.map((c) => c.id)).toContain(o.id);
    expect(await row(o.id)).toMatchObject({ state: 'cancel', cancelReason: 'hold_expired' });
    // Every order of this file is one air conditioner: each one cancelled gives one back (earlier tests' waiting ones too).
    expect(await stockOf(t, p.clim!)).toBe(4 + cancelled.length);
    expect(sentTo(o.reference).some((m) => 'text' in m && m.text.includes('n’a pas été validée à temps'))).toBe(true);
  });

  it('shows the parent account its members and their schedules, due, paid or overdue', async () => {
    const o = await place(3);
    await approve(o.id, parent);
    await confirm(o.id);
    const res = await t.json('/api/compte-parent/membres', { token: parent });
    expect(res.status).toBe(200);
    const fatou = res.body.find((m: { id: number }) => m.id === u.member);
    expect(fatou.name).toBe('Fatou Membre');
    const shown = fatou.orders.find((x: { id: number }) => x.id === o.id);
    expect(shown.tranches.map((x: { standing: string }) => x.standing)).toEqual(['due', 'due', 'due']);
    expect(shown.tranches.reduce((s: number, x: { amount: number }) => s + x.amount, 0)).toBe(o.amount_total);
    // Cancelled orders are no schedule.
    expect(fatou.orders.every((x: { state: string }) => x.state !== 'cancel')).toBe(true);
    expect((await t.json('/api/compte-parent/membres', { token: otherParent })).body).toEqual([]);
    expect((await t.json('/api/compte-parent/membres', { token: member })).body).toEqual([]);
  });
});

describe.each(testDatabases())('credit terms on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    t = await setupApi(kind);
    admin = (await t.login('admin')).access_token;
    customer = (await t.login('customer')).access_token;
  });
  afterAll(() => t.close());

  it('answers the terms to anyone, lets only an admin change them, audited, and refuses bad terms in French', async () => {
    const read = await t.json('/api/credit/conditions');
    expect(read).toMatchObject({ status: 200, body: { months: [3, 6, 10], dueDay: 5 } });
    expect(read.headers.get('Cache-Control')).toBe('public, max-age=60');
    const put = (body: unknown, token = admin) => t.json('/api/admin/credit/conditions', { method: 'PUT', token, body });
    expect((await put({ months: [4], dueDay: 10 }, customer)).status).toBe(403);
    expect((await put({ months: [4], dueDay: 10 }, '')).status).toBe(401);
    for (const [body, field, message] of [
      [{ months: [1, 6], dueDay: 5 }, 'months.0', 'Chaque durée est un nombre entier de 2 à 24 mois.'],
      [{ months: [], dueDay: 5 }, 'months', 'Proposez au moins une durée.'],
      [{ months: [6, 6], dueDay: 5 }, 'months', 'Chaque durée ne se propose qu’une fois.'],
      [{ months: [6], dueDay: 31 }, 'dueDay', 'Le jour d’échéance est un nombre entier de 1 à 28.'],
    ] as const) {
      expect(await put(body)).toMatchObject({ status: 400, body: { message, field } });
    }
    expect((await t.json('/api/credit/conditions')).body).toEqual({ months: [3, 6, 10], dueDay: 5 });
    expect(await put({ months: [12, 4], dueDay: 10 })).toMatchObject({ status: 200, body: { months: [4, 12], dueDay: 10 } });
    expect((await t.json('/api/credit/conditions')).body).toEqual({ months: [4, 12], dueDay: 10 });
    const journal = await t.json('/api/admin/audit?entity=setting&id=2', { token: admin });
    expect(journal.body[0]).toMatchObject({
      action: 'credit_terms',
      changes: {
        months: [
          [3, 6, 10],
          [4, 12],
        ],
        dueDay: [5, 10],
      },
    });
  });
});
