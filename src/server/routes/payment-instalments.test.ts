import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { signedEvent, startFakeWave, type FakeWave } from '../../../tests/fixtures/fake-wave.ts';
import { orderBody, setStock } from '../../../tests/fixtures/orders.ts';
import { INSTALMENT_TEXT } from '../../domain/instalment-payments.ts';
import { auditLog } from '../db/schema-admin.ts';
import { orders, orderTranches } from '../db/schema-orders.ts';
import { paymentSessions } from '../db/schema-payments.ts';
import { PAYMENT_TEXT } from '../payments/checkout.ts';
import { waveProvider } from '../payments/wave.ts';

type Placed = { id: number; reference: string; amount_total: number; tranches: { number: number; amount: number }[] };

/** What every suite needs: placing pre-orders and credit orders, and reading their rows. */
function orderKit(get: () => TestApi) {
  const tok: Record<string, string> = {};
  let n = 0;
  const kit = {
    tok,
    async login() {
      const t = get();
      for (const who of ['admin', 'customer', 'member', 'parent'] as const) tok[who] = (await t.login(who)).access_token;
      await setStock(t, Object.fromEntries(Object.values(t.ids.product).map((id) => [id, 1000])));
      // The pre-order product is not here yet: only then may it be pre-ordered.
      await setStock(t, { [t.ids.product.tvLg!]: 0 });
    },
    /** A pre-order of the LG TV (430 000 F: 129 000, 129 000, 172 000). */
    async preorder(who: 'customer' | 'member' = 'customer'): Promise<Placed> {
      const t = get();
      const body = orderBody(t.ids.user[who], [[t.ids.product.tvLg!, 1]], { type_sale: 'preorder' });
      const res = await t.json('/api/commandes', { method: 'POST', token: tok[who], body });
      expect(res.status).toBe(201);
      return res.body;
    },
    /** A member's credit order over 3 months, approved by its parent account and the shop (so confirmed) when `confirmed`. */
    async credit(confirmed = true): Promise<Placed> {
      const t = get();
      const body = orderBody(t.ids.user.member, [[t.ids.product.clim!, 1]], { type_sale: 'creditorder', credit_months: 3 });
      const res = await t.json('/api/commandes', { method: 'POST', token: tok.member, body });
      expect(res.status).toBe(201);
      if (confirmed) {
        const approved = await t.json(`/api/compte-parent/commandes/${res.body.id}/approuver`, { method: 'POST', token: tok.parent });
        expect(approved.status).toBe(200);
        const shop = await t.json(`/api/commandes/${res.body.id}`, { method: 'PUT', token: tok.admin, body: { state: 'confirmed' } });
        expect([shop.status, shop.body.state]).toEqual([200, 'confirmed']);
      }
      return res.body;
    },
    session: (reference: string, token: string | undefined, body: Record<string, unknown> = {}) =>
      get().json(`/api/paiement/${reference}/session`, { method: 'POST', token, ip: `192.0.2.${(++n % 250) + 1}`, body }),
    async tranches(orderId: number) {
      return get().database.db.select().from(orderTranches).where(eq(orderTranches.orderId, orderId)).orderBy(orderTranches.number);
    },
    async order(orderId: number) {
      return (await get().database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
    },
    sessions: (orderId: number) =>
      get().database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId)).orderBy(paymentSessions.id),
  };
  return kit;
}

const choose = (t: TestApi, url: string, outcome: string) =>
  t.app.request(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}` });

describe.each(testDatabases())('paying instalments with the demonstration provider on $name', (kind) => {
  let t: TestApi;
  const k = orderKit(() => t);

  beforeAll(async () => {
    t = await setupApi(kind);
    await k.login();
  });
  afterAll(() => t.close());

  it('pays a pre-order’s first tranche only, for its amount, then the next ones; the last one pays the order', async () => {
    const o = await k.preorder();
    const res = await k.session(o.reference, k.tok.customer, { provider: 'wave' });
    expect(res.status).toBe(200);
    const [s1] = await k.sessions(o.id);
    expect(s1).toMatchObject({ amount: 129000, trancheNumber: 1, status: 'open' });
    // The provider's page shows the instalment's amount, never the total.
    expect(await (await t.app.request(res.body.url)).text()).toContain('129');
    const back = await choose(t, res.body.url, 'paid');
    expect(back.headers.get('location')).toBe('/profile#mes-echeances');
    expect((await k.tranches(o.id)).map((x) => [x.state, x.paidVia])).toEqual([
      ['paid', 'wave'],
      ['due', null],
      ['due', null],
    ]);
    expect((await k.tranches(o.id))[0]!.paidAt).toEqual(t.clock.now);
    expect(await k.order(o.id)).toMatchObject({ paymentStatus: 'unpaid', paymentMode: 'domicile' });

    // Tranche 1 again: refused, nothing opened; the others in order, Orange Money for the last one.
    expect(await k.session(o.reference, k.tok.customer, { tranche: 1 })).toMatchObject({
      status: 409,
      body: { message: INSTALMENT_TEXT.alreadyPaid },
    });
    expect((await k.session(o.reference, k.tok.customer, { tranche: 3 })).status).toBe(409);
    await choose(t, (await k.session(o.reference, k.tok.customer, { tranche: 2 })).body.url, 'paid');
    const last = await k.session(o.reference, k.tok.customer, { provider: 'orange' });
    expect((await k.sessions(o.id)).at(-1)).toMatchObject({ amount: 172000, trancheNumber: 3, provider: 'demo-orange' });
    await choose(t, last.body.url, 'paid');
    expect((await k.tranches(o.id)).map((x) => x.paidVia)).toEqual(['wave', 'wave', 'orange']);
    expect(await k.order(o.id)).toMatchObject({ paymentStatus: 'paid', amountTotal: 430000 });
    expect(await k.session(o.reference, k.tok.customer)).toMatchObject({ status: 409, body: { message: INSTALMENT_TEXT.allPaid } });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, o.id), eq(auditLog.entity, 'order')));
    expect(audits.filter((a) => a.action === 'tranche').map((a) => (a.changes as Record<string, unknown>).paid_via)).toEqual([
      'wave',
      'wave',
      'orange',
    ]);
  });

  it('a failed or abandoned payment leaves the tranche due and the order as it was', async () => {
    const o = await k.preorder();
    const res = await k.session(o.reference, k.tok.customer);
    await choose(t, res.body.url, 'failed');
    expect((await k.tranches(o.id))[0]!.state).toBe('due');
    expect(await k.order(o.id)).toMatchObject({ paymentStatus: 'unpaid' });
  });

  it('owes back the tranches paid when a pre-order is cancelled, and takes no more payments for it', async () => {
    const o = await k.preorder();
    await choose(t, (await k.session(o.reference, k.tok.customer)).body.url, 'paid');
    const cancelled = await t.json(`/api/commandes/${o.id}`, { method: 'PUT', token: k.tok.admin, body: { state: 'cancel' } });
    expect(cancelled.body).toMatchObject({ state: 'cancel', payment_status: 'refund_due' });
    expect(await k.session(o.reference, k.tok.customer)).toMatchObject({ status: 409, body: { message: INSTALMENT_TEXT.cancelled } });
    const untouched = await k.preorder();
    await t.json(`/api/commandes/${untouched.id}`, { method: 'PUT', token: k.tok.admin, body: { state: 'cancel' } });
    expect(await k.order(untouched.id)).toMatchObject({ paymentStatus: 'cancelled' });
  });

  it('lets only the owner or an admin open a session for an instalment (as for any order)', async () => {
    const o = await k.preorder();
    expect(await k.session(o.reference, k.tok.member)).toMatchObject({ status: 403, body: { message: PAYMENT_TEXT.notYours } });
    expect(await k.session(o.reference, undefined)).toMatchObject({ status: 403 });
    expect(await k.sessions(o.id)).toHaveLength(0);
    expect((await k.session(o.reference, k.tok.admin)).status).toBe(200);
  });

  it('opens a credit order’s instalments to payment only once it is confirmed', async () => {
    const waiting = await k.credit(false);
    expect(await k.session(waiting.reference, k.tok.member)).toMatchObject({
      status: 409,
      body: { message: INSTALMENT_TEXT.awaitingApproval },
    });
    const o = await k.credit();
    const res = await k.session(o.reference, k.tok.member);
    expect((await k.sessions(o.id))[0]).toMatchObject({ amount: o.tranches[0]!.amount, trancheNumber: 1 });
    await choose(t, res.body.url, 'paid');
    expect((await k.tranches(o.id)).map((x) => x.state)).toEqual(['paid', 'due', 'due']);
  });

  it('refuses a bad instalment number, and an instalment on an order paid in one go', async () => {
    const o = await k.preorder();
    expect(await k.session(o.reference, k.tok.customer, { tranche: 0 })).toMatchObject({
      status: 400,
      body: { message: INSTALMENT_TEXT.number, field: 'tranche' },
    });
    expect(await k.session(o.reference, k.tok.customer, { tranche: 'un' })).toMatchObject({ status: 400, body: { field: 'tranche' } });
    expect((await k.session(o.reference, k.tok.customer, { tranche: 9 })).status).toBe(404);
    const plain = await t.json('/api/commandes', {
      method: 'POST',
      token: k.tok.customer,
      body: orderBody(t.ids.user.customer, [[t.ids.product.tvSamsung!, 1]], { payment_mode: 'online' }),
    });
    expect(await k.session(plain.body.reference, k.tok.customer, { tranche: 1 })).toMatchObject({
      status: 409,
      body: { message: INSTALMENT_TEXT.notInstalments },
    });
    expect(await k.sessions(o.id)).toHaveLength(0);
  });

  it('lets an admin record cash and payroll, undo a cash record but never an online payment; the last one pays the order', async () => {
    const o = await k.preorder();
    await choose(t, (await k.session(o.reference, k.tok.customer)).body.url, 'paid');
    const put = (n: number, body: unknown, token = k.tok.admin) =>
      t.json(`/api/admin/commandes/${o.id}/tranches/${n}`, { method: 'PUT', token, body });
    expect((await put(2, { state: 'paid', via: 'payroll' }, k.tok.customer)).status).toBe(403);
    expect((await put(2, { state: 'paid', via: 'wave' })).status).toBe(400);
    expect(await put(1, { state: 'due' })).toMatchObject({ status: 409, body: { message: INSTALMENT_TEXT.onlineUndo } });
    expect((await put(2, { state: 'paid', via: 'payroll' })).body.tranches.map((x: { paid_via: string }) => x.paid_via)).toEqual([
      'wave',
      'payroll',
      null,
    ]);
    expect((await put(3, { state: 'paid', via: 'cash' })).body).toMatchObject({ payment_status: 'paid' });
    const undone = await put(3, { state: 'due' });
    expect(undone.body).toMatchObject({ payment_status: 'unpaid' });
    expect(undone.body.tranches[2]).toMatchObject({ state: 'due', paid_at: null, paid_via: null });
  });
});

describe.each(testDatabases())('paying instalments at Wave, webhooks racing, on $name', (kind) => {
  const SECRET = 'whsec_test_0123456789abcdef0123456789';
  let t: TestApi;
  let wave: FakeWave;
  let n = 0;
  const k = orderKit(() => t);

  beforeAll(async () => {
    let clockNow: () => Date = () => new Date();
    wave = await startFakeWave(() => clockNow());
    t = await setupApi(kind, {
      siteUrl: 'https://boutique.example.sn',
      payments: (now) => {
        clockNow = now;
        return waveProvider({ apiKey: wave.apiKey, apiUrl: wave.url, webhookSecret: SECRET, timeoutMs: 500 });
      },
    });
    await k.login();
  });
  afterAll(async () => {
    await t.close();
    await wave.close();
  });
  beforeEach(() => {
    wave.mode = 'ok';
  });

  const webhook = (e: { body: string; signature: string }) =>
    t.json('/api/payments/wave/webhook', {
      method: 'POST',
      body: e.body,
      headers: { 'Content-Type': 'application/json', 'Wave-Signature': e.signature },
    });
  const event = (type: string, data: unknown) => signedEvent(SECRET, t.clock.now, `EV_inst_${++n}`, type, data);
  const lastId = () => [...wave.sessions.values()].at(-1)!.id;

  it('asks Wave for the instalment’s amount and sends the customer back to « Mes échéances »', async () => {
    const o = await k.preorder();
    const before = wave.requests.length;
    expect((await k.session(o.reference, k.tok.customer)).status).toBe(200);
    const sent = wave.requests.slice(before).at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ amount: '129000', client_reference: o.reference });
    expect(sent.success_url).toBe('https://boutique.example.sn/profile#mes-echeances');
  });

  it('counts the same instalment paid twice at once only once: the other payment is flagged for a refund', async () => {
    const o = await k.preorder();
    await k.session(o.reference, k.tok.customer);
    const first = lastId();
    // The first attempt is refused, so "Payer" opens a second session for the same tranche; both are then paid.
    expect((await webhook(event('checkout.session.payment_failed', wave.fail(first)))).body.outcome).toBe('failed');
    await k.session(o.reference, k.tok.customer);
    const second = lastId();
    expect(second).not.toBe(first);
    const outcomes = await Promise.all([
      webhook(event('checkout.session.completed', wave.complete(first))),
      webhook(event('checkout.session.completed', wave.complete(second))),
    ]);
    expect(outcomes.map((r) => r.body.outcome).sort()).toEqual(['paid', 'refund_due']);
    expect((await k.tranches(o.id)).map((x) => x.state)).toEqual(['paid', 'due', 'due']);
    expect((await k.sessions(o.id)).map((s) => [s.trancheNumber, s.status, s.refundDue]).sort()).toEqual([
      [1, 'paid', false],
      [1, 'paid', true],
    ]);
    expect(await k.order(o.id)).toMatchObject({ paymentStatus: 'unpaid' });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, o.id), eq(auditLog.entity, 'order')));
    expect(audits.map((a) => a.action).sort()).toEqual(['payment', 'tranche']);
  });

  it('refuses a payment whose amount is not the instalment’s, and records nothing', async () => {
    const o = await k.preorder();
    await k.session(o.reference, k.tok.customer);
    const whole = { ...wave.complete(lastId()), amount: String(o.amount_total) };
    expect((await webhook(event('checkout.session.completed', whole))).status).toBe(422);
    expect((await k.tranches(o.id)).map((x) => x.state)).toEqual(['due', 'due', 'due']);
    expect((await k.sessions(o.id))[0]).toMatchObject({ status: 'open' });
  });

  it('« Mes échéances » asks Wave about an open instalment session, so a customer back before the webhook sees it paid', async () => {
    const o = await k.preorder();
    await k.session(o.reference, k.tok.customer);
    wave.complete(lastId());
    const mine = await t.json('/api/echeances', { token: k.tok.customer });
    expect(
      mine.body.instalments.filter((r: { reference: string }) => r.reference === o.reference).map((r: { standing: string }) => r.standing),
    ).toEqual(['paid', 'due', 'due']);
  });

  it('reconciliation pays the instalment when the webhook is lost, once', async () => {
    const o = await k.preorder();
    await k.session(o.reference, k.tok.customer);
    wave.complete(lastId());
    const { reconcile } = await import('../payments/reconcile.ts');
    const provider = waveProvider({ apiKey: wave.apiKey, apiUrl: wave.url, webhookSecret: SECRET, timeoutMs: 500 });
    expect(await reconcile(t.database.db, provider, t.clock.now, () => {}, o.id)).toBe(1);
    expect(await reconcile(t.database.db, provider, t.clock.now, () => {}, o.id)).toBe(0);
    expect((await k.tranches(o.id)).map((x) => [x.state, x.paidVia])).toEqual([
      ['paid', 'wave'],
      ['due', null],
      ['due', null],
    ]);
  });
});

describe.each(testDatabases())('« Mes échéances » and payroll deduction on $name', (kind) => {
  let t: TestApi;
  const k = orderKit(() => t);

  beforeAll(async () => {
    t = await setupApi(kind);
    await k.login();
  });
  afterAll(() => t.close());

  it('lists only the caller’s instalments, with the standing of each and the sums', async () => {
    expect((await t.json('/api/echeances')).status).toBe(401);
    const pre = await k.preorder('member');
    const credit = await k.credit();
    await choose(t, (await k.session(pre.reference, k.tok.member)).body.url, 'paid');
    const mine = await t.json('/api/echeances', { token: k.tok.member });
    expect(mine.status).toBe(200);
    const rows = mine.body.instalments as { reference: string; number: number; standing: string; payable: boolean; label: string }[];
    expect(rows.map((r) => [r.reference, r.number, r.standing, r.payable])).toEqual([
      [credit.reference, 1, 'due', true],
      [credit.reference, 2, 'due', false],
      [credit.reference, 3, 'due', false],
      [pre.reference, 1, 'paid', false],
      [pre.reference, 2, 'due', true],
      [pre.reference, 3, 'due', false],
    ]);
    expect(rows[0]!.label).toBe('Mensualité 1 sur 3');
    expect(mine.body.summary).toEqual({
      next_due_on: '2026-12-05',
      next_amount: credit.tranches[0]!.amount,
      total_paid: 129000,
      total_overdue: 0,
      total_due: credit.amount_total + 430000 - 129000,
    });
    // 40 days on (31 December): the first credit instalment (5 December) and the second tranche (21 December) are late.
    t.clock.advance(40 * 24 * 3600);
    await k.login();
    const later = await t.json('/api/echeances', { token: k.tok.member });
    expect(later.body.summary.total_overdue).toBe(credit.tranches[0]!.amount + 129000);
    expect((await t.json('/api/echeances', { token: k.tok.customer })).body.instalments).toEqual([]);
  });

  it('lists a parent account’s month as a CSV for Excel and records it paid by payroll in one idempotent step', async () => {
    const parent = t.ids.user.parent;
    const o = await k.credit();
    const month = o.tranches[0] && (await k.tranches(o.id))[0]!.dueOn!.slice(0, 7);
    const csv = await t.app.request(`/api/admin/prelevements?parent_id=${parent}&mois=${month}`, {
      headers: { Authorization: `Bearer ${k.tok.admin}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="prelevements-${parent}-${month}.csv"`);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Membre;Téléphone;Commande;Échéance;Date d’échéance;Montant (FCFA);État');
    const mine = lines.filter((l) => l.includes(o.reference));
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatch(
      new RegExp(`^Fatou Membre;[^;]*;${o.reference};Mensualité 1 sur 3;${month}-05;${o.tranches[0]!.amount};À prélever$`),
    );
    expect(lines.at(-1)).toMatch(/^Total à prélever;;;\d+ échéances?;;\d+;$/);

    const json = await t.json(`/api/admin/prelevements?parent_id=${parent}&mois=${month}&format=json`, { token: k.tok.admin });
    const due = json.body.due as { count: number; amount: number };
    expect(due.count).toBeGreaterThan(0);

    const [one, two] = await Promise.all([
      t.json('/api/admin/prelevements', { method: 'POST', token: k.tok.admin, body: { parent_id: parent, mois: month } }),
      t.json('/api/admin/prelevements', { method: 'POST', token: k.tok.admin, body: { parent_id: parent, mois: month } }),
    ]);
    expect([one.body.recorded, two.body.recorded].sort()).toEqual([0, due.count]);
    expect([one.body.message, two.body.message]).toContain(
      'Rien de plus à enregistrer : les échéances de ce mois sont déjà toutes payées.',
    );
    expect((await k.tranches(o.id)).map((x) => [x.state, x.paidVia])).toEqual([
      ['paid', 'payroll'],
      ['due', null],
      ['due', null],
    ]);
    const third = await t.json('/api/admin/prelevements', { method: 'POST', token: k.tok.admin, body: { parent_id: parent, mois: month } });
    expect(third.body).toMatchObject({ recorded: 0, due: { count: 0, amount: 0 } });
    const journal = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.action, 'payroll')));
    expect(journal).toHaveLength(1);
    expect(journal[0]!.changes).toEqual({ mois: month, recorded: due.count, amount: due.amount });
  });

  it('refuses the payroll routes to non-admins, a month badly written and an account that is no parent', async () => {
    const parent = t.ids.user.parent;
    expect((await t.json(`/api/admin/prelevements?parent_id=${parent}&mois=2026-12`, { token: k.tok.parent })).status).toBe(403);
    expect(
      (await t.json('/api/admin/prelevements', { method: 'POST', token: k.tok.member, body: { parent_id: parent, mois: '2026-12' } }))
        .status,
    ).toBe(403);
    expect(await t.json(`/api/admin/prelevements?parent_id=${parent}&mois=2026-13`, { token: k.tok.admin })).toMatchObject({
      status: 400,
      body: { field: 'mois' },
    });
    expect((await t.json(`/api/admin/prelevements?parent_id=${t.ids.user.customer}&mois=2026-12`, { token: k.tok.admin })).status).toBe(
      404,
    );
    const parents = await t.json('/api/admin/comptes-parents', { token: k.tok.admin });
    expect(parents.body).toEqual([{ id: parent, name: 'Entreprise Garante', organisation: 'Mutuelle Test' }]);
  });
});
