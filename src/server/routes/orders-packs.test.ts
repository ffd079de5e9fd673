import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { bookingBody, packLines, setStock, snapshot, stockOf } from '../../../tests/fixtures/orders.ts';

describe.each(testDatabases())('pack orders on $name', (kind) => {
  let t: TestApi;
  let customer: string;
  let p: Record<string, number>;
  const pack = (body: unknown, token?: string) => t.json('/api/commande-pack', { method: 'POST', body, token });
  const guest = (body: unknown) => t.json('/api/commande-sans-partner', { method: 'POST', body });
  const packBody = (over: Record<string, unknown> = {}) => ({
    partner_id: t.ids.user.customer,
    type_sale: 'order',
    payment_mode: 'domicile',
    state: 'sale',
    type_order: 'pack',
    commitment_date: '2026-11-21T10:00:00.000Z',
    order_lines: packLines(p),
    ...over,
  });

  beforeAll(async () => {
    t = await setupApi(kind);
    p = t.ids.product;
    customer = (await t.login('customer')).access_token;
    await setStock(t, { [p.tvSamsung!]: 50, [p.ventiPied!]: 100 });
  });
  afterAll(() => t.close());

  it.each([
    ['with its code', { pack_code: 'PACK-TEST' }],
    ['found by its lines', {}],
  ])('prices a logged-in pack order %s at the pack’s prices and takes its stock', async (_l, over) => {
    const [tv, fan] = [await stockOf(t, p.tvSamsung!), await stockOf(t, p.ventiPied!)];
    const res = await pack(packBody(over), customer);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type_order: 'pack',
      type_sale: 'order',
      partner_id: t.ids.user.customer,
      amount_total: 210000,
      order_lines: [
        { product_id: p.tvSamsung, quantity: 1, price_unit: 180000 },
        { product_id: p.ventiPied, quantity: 2, price_unit: 15000, price_subtotal: 30000 },
      ],
    });
    expect(typeof res.body.id).toBe('number');
    expect([await stockOf(t, p.tvSamsung!), await stockOf(t, p.ventiPied!)]).toEqual([tv - 1, fan - 2]);
  });

  it('takes a guest booking: online by default, the contact normalised, no partner', async () => {
    const res = await guest(bookingBody(p));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      partner_id: null,
      payment_mode: 'online',
      type_order: 'pack',
      amount_total: 210000,
      name: 'Aminata Diop',
      email: 'aminata.diop@example.sn',
      telephone: '221775554433',
      adresse: 'Sacré-Cœur 3, villa 12, Dakar',
    });
    expect(res.body.reference).toMatch(/^BQ-/);
  });

  it('keeps a guest’s domicile choice', async () => {
    expect((await guest(bookingBody(p, {}, { payment_mode: 'domicile' }))).body.payment_mode).toBe('domicile');
  });

  it.each<[string, () => unknown, number, string]>([
    [
      'lines of no pack',
      () => packBody({ order_lines: [{ id: p.tvSamsung, quantity: 2, list_price: 180000 }] }),
      400,
      'La commande ne correspond à aucun pack disponible.',
    ],
    [
      'lines that are not the named pack',
      () => packBody({ pack_code: 'PACK-TEST', order_lines: [{ id: p.tvSamsung, quantity: 1 }] }),
      400,
      'Les produits envoyés ne correspondent pas au pack « Pack Test Tabaski ».',
    ],
    [
      'a pack no longer sold',
      () => packBody({ pack_code: 'PACK-OLD', order_lines: [{ id: p.fer, quantity: 1 }] }),
      409,
      "Le pack n'est plus d'actualité ou indisponible.",
    ],
    ['an unknown pack', () => packBody({ pack_code: 'NOPE' }), 409, "Le pack n'est plus d'actualité ou indisponible."],
    ['a pack on credit', () => packBody({ type_sale: 'creditorder' }), 400, 'Un pack se commande avec type_sale « order ».'],
    ['another type_order', () => packBody({ type_order: 'cart' }), 400, 'Le champ « type_order » doit valoir « pack ».'],
  ])('refuses a logged-in pack order with %s', async (_l, body, status, message) => {
    const before = await snapshot(t);
    const res = await pack(body(), customer);
    expect([res.status, res.body.message]).toEqual([status, message]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('needs a login for /commande-pack', async () => {
    expect((await pack(packBody())).status).toBe(401);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['no name', { name: '' }, 'name', 'Le nom est obligatoire.'],
    ['no e-mail', { email: '' }, 'email', "L'adresse email est obligatoire."],
    ['a missing e-mail', { email: undefined }, 'email', "L'adresse email est obligatoire."],
    ['an e-mail with a space', { email: 'awa diop@example.sn' }, 'email', "L'adresse email est invalide."],
    ['an e-mail without a domain', { email: 'awa@' }, 'email', "L'adresse email est invalide."],
    ['no phone', { telephone: '' }, 'telephone', 'Le téléphone est obligatoire.'],
    ['a phone that is not 221 7x', { telephone: '33 800 00 00' }, 'telephone', 'Le numéro de téléphone est invalide.'],
    ['a phone too short', { telephone: '77123' }, 'telephone', 'Le numéro de téléphone est invalide.'],
    ['no address', { adresse: '  ' }, 'adresse', "L'adresse est obligatoire."],
    ['a missing address', { adresse: undefined }, 'adresse', "L'adresse est obligatoire."],
  ])('refuses a booking with %s, with the §5 message', async (_l, over, field, message) => {
    const before = await snapshot(t);
    const res = await guest(bookingBody(p, over));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, field });
    expect(await snapshot(t)).toEqual(before);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a partner id', { partner_id: 3 }, 'Une réservation sans compte n’a pas de partner_id.'],
    ['a pre-order', { type_sale: 'preorder' }, 'Un pack se commande avec type_sale « order ».'],
    ['lines of no pack', { order_lines: [{ id: 1, quantity: 1 }] }, 'La commande ne correspond à aucun pack disponible.'],
  ])('refuses a guest order with %s', async (_l, order, message) => {
    const before = await snapshot(t);
    const res = await guest(bookingBody(p, {}, order));
    expect([res.status, res.body.message]).toEqual([400, message]);
    expect(await snapshot(t)).toEqual(before);
  });
});
