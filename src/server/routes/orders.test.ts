import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { orderBody, packLines, setStock, snapshot, stockOf } from '../../../tests/fixtures/orders.ts';
import { householdCap } from '../../domain/quantity.ts';
import { addDays } from '../../domain/schedule.ts';

const REFERENCE = /^BQ-[2-9A-HJKMNP-Z]{8}$/;
const OVER_CAP = `Une commande compte au plus ${householdCap} unités d’un même produit (limite par foyer).`;

describe.each(testDatabases())('POST /api/commandes on $name', (kind) => {
  let t: TestApi;
  let customer: string;
  let member: string;
  let p: Record<string, number>;
  let u: TestApi['ids']['user'];
  const post = (body: unknown, token?: string, headers: Record<string, string> = {}) =>
    t.json('/api/commandes', { method: 'POST', body, token, headers });

  beforeAll(async () => {
    t = await setupApi(kind);
    p = t.ids.product;
    u = t.ids.user;
    customer = (await t.login('customer')).access_token;
    member = (await t.login('member')).access_token;
  });
  afterAll(() => t.close());
  beforeEach(() => setStock(t, Object.fromEntries(Object.values(p).map((id) => [id, 5]))));

  it('prices a cart order from the catalogue, takes stock and ignores (and logs) the client’s prices', async () => {
    const res = await post(
      orderBody(u.customer, [
        [p.congeCoffre!, 2],
        [p.frigo!, 1],
      ]),
      customer,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      partner_id: u.customer,
      type_sale: 'order',
      type_order: null,
      payment_mode: 'domicile',
      payment_status: 'unpaid',
      state: 'sale',
      amount_total: 2 * 215000 + 275000,
      telephone: '221771112233',
      email: 'client@test.sn',
      name: 'Moussa Client',
      adresse: 'Mermoz, villa 7, Dakar', // the customer's default delivery address (tests/fixtures/catalogue.ts)
      tranches: [],
      order_lines: [
        { product_id: p.congeCoffre, name: 'Congélateur coffre Astech 300 L', quantity: 2, price_unit: 215000, price_subtotal: 430000 },
        { product_id: p.frigo, name: 'Réfrigérateur Nasco 2 portes', quantity: 1, price_unit: 275000, price_subtotal: 275000 },
      ],
    });
    expect(res.body.reference).toMatch(REFERENCE);
    expect(await stockOf(t, p.congeCoffre!)).toBe(3);
    expect(await stockOf(t, p.frigo!)).toBe(4);
    expect(t.logs.some((l) => l.includes(res.body.reference) && l.includes('prix client 1 ignoré'))).toBe(true);
  });

  it('stores a pre-order of products out of stock at pre-order prices with its three tranches, taking no stock', async () => {
    await setStock(t, { [p.tvLg!]: 0, [p.congeCoffre!]: -1 });
    const res = await post(
      orderBody(
        u.customer,
        [
          [p.tvLg!, 1],
          [p.congeCoffre!, 1],
        ],
        { type_sale: 'preorder' },
      ),
      customer,
    );
    expect(res.status).toBe(201);
    expect(res.body.amount_total).toBe(430000 + 240000);
    const placedOn = res.body.date_order.slice(0, 10);
    const paid = { paid_at: null, paid_via: null };
    expect(res.body.tranches).toEqual([
      { number: 1, percent: 30, amount: 201000, state: 'due', due_on: placedOn, ...paid },
      { number: 2, percent: 30, amount: 201000, state: 'due', due_on: addDays(placedOn, 30), ...paid },
      { number: 3, percent: 40, amount: 268000, state: 'due', due_on: null, ...paid },
    ]);
    expect(res.body.credit).toBeNull();
    expect(await stockOf(t, p.tvLg!)).toBe(0);
    expect(await stockOf(t, p.congeCoffre!)).toBe(-1);
  });

  it('refuses a pre-order of a product in stock, naming it, whichever line it is on, and writes nothing', async () => {
    await setStock(t, { [p.tvLg!]: 0, [p.congeCoffre!]: 24 });
    const before = await snapshot(t);
    const res = await post(
      orderBody(
        u.customer,
        [
          [p.tvLg!, 1],
          [p.congeCoffre!, 9],
        ],
        { type_sale: 'preorder' },
      ),
      customer,
    );
    expect(res).toMatchObject({
      status: 400,
      body: {
        message:
          'Le produit « Congélateur coffre Astech 300 L » est en stock : il ne se pré-commande pas. Retirez-le de vos pré-commandes et commandez-le depuis le panier.',
        field: 'order_lines.1.id',
        product_id: p.congeCoffre,
      },
    });
    expect(await snapshot(t)).toEqual(before);
    // The same product stays orderable as what it is: a cart order at its (promo) price, from stock.
    const cart = await post(orderBody(u.customer, [[p.congeCoffre!, 1]]), customer);
    expect(cart).toMatchObject({ status: 201, body: { amount_total: 215000 } });
  });

  it(`takes up to ${householdCap} units of a product in one line, and no more`, async () => {
    await setStock(t, { [p.fer!]: 50 });
    const res = await post(orderBody(u.customer, [[p.fer!, householdCap]]), customer);
    expect(res).toMatchObject({ status: 201, body: { order_lines: [{ quantity: householdCap }] } });
    const before = await snapshot(t);
    const over = await post(orderBody(u.customer, [[p.fer!, householdCap + 1]]), customer);
    expect(over).toMatchObject({ status: 400, body: { message: OVER_CAP } });
    expect(await snapshot(t)).toEqual(before);
  });

  it('lets an accepted member order on credit at credit prices', async () => {
    const res = await post(
      orderBody(
        u.member,
        [
          [p.congeVertical!, 1],
          [p.clim!, 2],
        ],
        { type_sale: 'creditorder' },
      ),
      member,
    );
    expect(res.status).toBe(201);
    expect(res.body.amount_total).toBe(360000 + 2 * 340000);
    expect(await stockOf(t, p.clim!)).toBe(3);
    // The shortest duration of the default terms (3, 6 or 10 months, due on the 5th), split to the franc.
    expect(res.body.credit).toEqual({ months: 3, shop_approved_at: null, parent_approved_at: null, parent_refusal: null });
    expect(res.body.tranches.map((i: { amount: number }) => i.amount)).toEqual([346666, 346666, 346668]);
    expect(res.body.tranches.every((i: { due_on: string; percent: null }) => i.due_on.endsWith('-05') && i.percent === null)).toBe(true);
  });

  it('schedules a credit order over the months the member picks, and refuses a duration not offered', async () => {
    const six = await post(orderBody(u.member, [[p.clim!, 1]], { type_sale: 'creditorder', credit_months: 6 }), member);
    expect(six.status).toBe(201);
    expect(six.body.tranches).toHaveLength(6);
    expect(six.body.tranches.reduce((s: number, i: { amount: number }) => s + i.amount, 0)).toBe(six.body.amount_total);
    const before = await snapshot(t);
    const seven = await post(orderBody(u.member, [[p.clim!, 1]], { type_sale: 'creditorder', credit_months: 7 }), member);
    expect(seven).toMatchObject({
      status: 400,
      body: { message: 'Durée non proposée : choisissez 3, 6 ou 10 mois.', field: 'credit_months' },
    });
    const cash = await post(orderBody(u.customer, [[p.fer!, 1]], { credit_months: 3 }), customer);
    expect(cash).toMatchObject({ status: 400, body: { field: 'credit_months' } });
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers each kind of order exactly as a later read of it shows it', async () => {
    await setStock(t, { [p.tvLg!]: 0 });
    const placed = [
      // With the product that has a picture, paid online (held until paid).
      await post(
        orderBody(
          u.customer,
          [
            [p.frigo!, 1],
            [p.mixeur!, 2],
          ],
          { payment_mode: 'online' },
        ),
        customer,
      ),
      await post(orderBody(u.customer, [[p.tvLg!, 1]], { type_sale: 'preorder' }), customer),
      await post(orderBody(u.member, [[p.clim!, 1]], { type_sale: 'creditorder', credit_months: 6 }), member),
      await post({ ...orderBody(u.customer, []), order_lines: packLines(p), type_order: 'pack', pack_code: 'PACK-TEST' }, customer),
    ];
    expect(placed.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(placed[0]!.body.order_lines[0].image).toMatch(/^\/api\/images\/v1\//);
    expect(placed[1]!.body.tranches).toHaveLength(3);
    expect(placed[3]!.body.type_order).toBe('pack');
    for (const [i, res] of placed.entries()) {
      const { payment_token, ...answer } = res.body;
      expect(payment_token).toEqual(expect.any(String));
      const read = await t.json(`/api/getcommande/${res.body.id}`, { token: i === 2 ? member : customer });
      expect(read).toMatchObject({ status: 200, body: answer });
      expect(read.body).toEqual(answer);
    }
  });

  it('keeps the delivery address, a normalised phone and the payment mode it was given', async () => {
    const res = await post(
      orderBody(u.customer, [[p.fer!, 1]], { payment_mode: 'online', adresse: ' Liberté 6, Dakar ', telephone: '77 123 45 67' }),
      customer,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      payment_mode: 'online',
      payment_status: 'pending',
      adresse: 'Liberté 6, Dakar',
      telephone: '221771234567',
      amount_total: 12000,
    });
  });

  it('defaults to domicile and the profile when the payload leaves them out', async () => {
    const res = await post({ order_lines: [{ id: p.mixeur, quantity: 3 }] }, customer);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      payment_mode: 'domicile',
      type_sale: 'order',
      partner_id: u.customer,
      amount_total: 75000,
      telephone: '221771112233',
    });
  });

  it('sends a French confirmation by e-mail and SMS with the reference and total', async () => {
    const res = await post(orderBody(u.customer, [[p.cuisiniere!, 1]]), customer);
    const mine = () => t.mail.filter((m) => m.text.includes(res.body.reference));
    await vi.waitFor(() => expect(mine()).toHaveLength(2));
    const email = mine().find((m) => m.kind === 'email')!;
    expect(email).toMatchObject({ to: 'client@test.sn', subject: `Boutique : votre commande ${res.body.reference} est enregistrée` });
    expect(email.text).toContain('Total : 185 000 F CFA');
    expect(email.text).not.toContain('Payer en ligne');
    expect(mine().find((m) => m.kind === 'sms')).toMatchObject({
      to: '221771112233',
      text: `Boutique : commande ${res.body.reference} enregistrée, total 185 000 F CFA. Suivi : http://localhost:4321/tracking-order`,
    });
  });

  it('gives an online order’s e-mail the link where it can be paid', async () => {
    const res = await post(orderBody(u.customer, [[p.fer!, 1]], { payment_mode: 'online' }), customer);
    const email = () => t.mail.find((m) => m.kind === 'email' && m.text.includes(res.body.reference));
    await vi.waitFor(() => expect(email()).toBeDefined());
    expect(email()!.text).toContain(`Payer en ligne : http://localhost:4321/payment-state?ref=${res.body.reference}`);
  });

  const QTY = `La quantité doit être un nombre entier de 1 à ${householdCap}.`;
  it.each<[string, () => [unknown, string | undefined], number, string]>([
    [
      'no token',
      () => [orderBody(u.customer, [[p.frigo!, 1]]), undefined],
      401,
      'Authentification requise : jeton d’accès absent, invalide ou expiré.',
    ],
    [
      'another partner_id',
      () => [orderBody(u.member, [[p.frigo!, 1]]), customer],
      403,
      'Vous ne pouvez commander que pour votre propre compte.',
    ],
    [
      'credit by a non-member',
      () => [orderBody(u.customer, [[p.congeVertical!, 1]], { type_sale: 'creditorder' }), customer],
      403,
      'Les commandes à crédit sont réservées aux membres dont l’adhésion est acceptée.',
    ],
    ['no lines', () => [orderBody(u.customer, []), customer], 400, 'La commande est vide.'],
    ['quantity 0', () => [orderBody(u.customer, [[p.frigo!, 0]]), customer], 400, QTY],
    ['quantity 1.5', () => [orderBody(u.customer, [[p.frigo!, 1.5]]), customer], 400, QTY],
    ['quantity 100', () => [orderBody(u.customer, [[p.frigo!, 100]]), customer], 400, OVER_CAP],
    ['a quantity past the household cap', () => [orderBody(u.customer, [[p.frigo!, householdCap + 1]]), customer], 400, OVER_CAP],
    [
      'a pre-order of a product in stock',
      () => [orderBody(u.customer, [[p.congeCoffre!, 1]], { type_sale: 'preorder' }), customer],
      400,
      'Le produit « Congélateur coffre Astech 300 L » est en stock : il ne se pré-commande pas. Retirez-le de vos pré-commandes et commandez-le depuis le panier.',
    ],
    ['quantity as text', () => [{ order_lines: [{ id: p.frigo, quantity: '2' }] }, customer], 400, QTY],
    ['an unknown product', () => [orderBody(u.customer, [[999999, 1]]), customer], 400, 'Produit inconnu : 999999.'],
    [
      'a product id past 2^31',
      () => [orderBody(u.customer, [[2147483648, 1]]), customer],
      400,
      'Le champ « id » doit être un identifiant (nombre entier positif).',
    ],
    [
      'a product twice',
      () => [
        orderBody(u.customer, [
          [p.frigo!, 1],
          [p.frigo!, 2],
        ]),
        customer,
      ],
      400,
      'Le produit « Réfrigérateur Nasco 2 portes » apparaît deux fois dans la commande.',
    ],
    [
      'a product not for sale',
      () => [orderBody(u.customer, [[p.livraison!, 1]]), customer],
      400,
      'Le produit « Frais de livraison » n’est plus en vente.',
    ],
    [
      'a pre-order without pre-order price',
      () => [orderBody(u.customer, [[p.frigo!, 1]], { type_sale: 'preorder' }), customer],
      400,
      'Le produit « Réfrigérateur Nasco 2 portes » ne peut pas être pré-commandé.',
    ],
    [
      'credit on a cash-only product',
      () => [orderBody(u.member, [[p.frigo!, 1]], { type_sale: 'creditorder' }), member],
      400,
      'Le produit « Réfrigérateur Nasco 2 portes » ne peut pas être commandé à crédit.',
    ],
    [
      'another state',
      () => [orderBody(u.customer, [[p.frigo!, 1]], { state: 'delivered' }), customer],
      400,
      'Une commande se crée à l’état « sale ».',
    ],
    [
      'an unknown sale type',
      () => [orderBody(u.customer, [[p.frigo!, 1]], { type_sale: 'gift' }), customer],
      400,
      'Le champ « type_sale » doit valoir order, preorder ou creditorder.',
    ],
    [
      'an unknown payment mode',
      () => [orderBody(u.customer, [[p.frigo!, 1]], { payment_mode: 'cash' }), customer],
      400,
      'Le mode de paiement doit être « domicile » ou « online ».',
    ],
    ['an unknown field', () => [orderBody(u.customer, [[p.frigo!, 1]], { discount: 50 }), customer], 400, 'Champ inconnu : discount.'],
    [
      'a bad phone',
      () => [orderBody(u.customer, [[p.frigo!, 1]], { telephone: '12345' }), customer],
      400,
      'Le numéro de téléphone est invalide.',
    ],
    [
      'a bad date',
      () => [orderBody(u.customer, [[p.frigo!, 1]], { commitment_date: 'demain' }), customer],
      400,
      'Le champ « commitment_date » doit être une date ISO 8601.',
    ],
    [
      'a date of year 0',
      () => [orderBody(u.customer, [[p.frigo!, 1]], { commitment_date: '0000-01-01' }), customer],
      400,
      'Le champ « commitment_date » doit être une date ISO 8601.',
    ],
    [
      'a NUL in the address',
      () => [orderBody(u.customer, [[p.frigo!, 1]], { adresse: 'Dakar\u0000' }), customer],
      400,
      'La requête contient un caractère nul, qui n’est pas admis.',
    ],
    [
      'a negative client price',
      () => [{ order_lines: [{ id: p.frigo, quantity: 1, list_price: -5 }] }, customer],
      400,
      'Le prix indiqué ne peut pas être négatif.',
    ],
    [
      'more stock than there is',
      () => [
        orderBody(u.customer, [
          [p.cuisiniere!, 1],
          [p.frigo!, 6],
        ]),
        customer,
      ],
      409,
      'Stock insuffisant pour « Réfrigérateur Nasco 2 portes » : il en reste 5.',
    ],
  ])('refuses %s in French and writes nothing', async (_label, make, status, message) => {
    const [body, token] = make();
    const before = await snapshot(t);
    const res = await post(body, token);
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await snapshot(t)).toEqual(before);
  });

  it('says which product is short and how many are left, and nothing when none are', async () => {
    await setStock(t, { [p.frigo!]: 0 });
    const res = await post(orderBody(u.customer, [[p.frigo!, 1]]), customer);
    expect(res).toMatchObject({
      status: 409,
      body: { message: 'Stock insuffisant pour « Réfrigérateur Nasco 2 portes » : il n’en reste plus.', product_id: p.frigo, available: 0 },
    });
  });

  it('refuses an unverified account and a malformed Idempotency-Key', async () => {
    const unverified = (await t.login('unverified')).access_token;
    const before = await snapshot(t);
    expect((await post({ order_lines: [{ id: p.frigo, quantity: 1 }] }, unverified)).body.message).toBe(
      'Vérifiez d’abord votre compte avec le code reçu par e-mail ou SMS.',
    );
    const bad = await post(orderBody(u.customer, [[p.frigo!, 1]]), customer, { 'Idempotency-Key': 'é'.repeat(3) });
    expect(bad).toMatchObject({
      status: 400,
      body: { message: 'L’en-tête Idempotency-Key est invalide : de 1 à 255 caractères ASCII visibles.' },
    });
    expect(await snapshot(t)).toEqual(before);
  });

  it('lets an admin order for a customer, on that customer’s profile', async () => {
    const admin = (await t.login('admin')).access_token;
    const res = await post(orderBody(u.customer, [[p.fer!, 1]]), admin);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ partner_id: u.customer, telephone: '221771112233' });
    expect((await post(orderBody(424242, [[p.fer!, 1]]), admin)).body.message).toBe('Client inconnu : 424242.');
  });
});
