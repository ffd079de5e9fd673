import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestApi } from '../../../tests/fixtures/api.ts';
import { catalogueState } from '../../../tests/fixtures/catalogue-state.ts';
import { testDatabases } from '../../../tests/fixtures/db.ts';
import { setStock } from '../../../tests/fixtures/orders.ts';
import { householdCap } from '../../domain/quantity.ts';

describe.each(testDatabases())('packs in the back office on $name', (kind) => {
  let t: TestApi;
  let admin: string;
  let customer: string;
  let p: Record<string, number>;
  let packTest: number;
  const as = (token: string) => ({ token });
  const body = (over: Record<string, unknown> = {}) => ({
    code: 'pack-korite',
    name: 'Pack Korité',
    active: true,
    lines: [
      { product_id: p.frigo, quantity: 1, price_unit: 250000 },
      { product_id: p.mixeur, quantity: 2, price_unit: 20000 },
    ],
    ...over,
  });
  const order = (code: string, lines: Array<{ id: number; quantity: number }>) =>
    t.json('/api/commande-pack', {
      method: 'POST',
      token: customer,
      body: {
        partner_id: t.ids.user.customer,
        type_sale: 'order',
        payment_mode: 'domicile',
        state: 'sale',
        type_order: 'pack',
        commitment_date: '2026-11-21T10:00:00.000Z',
        pack_code: code,
        order_lines: lines,
      },
    });

  beforeAll(async () => {
    t = await setupApi(kind);
    p = t.ids.product;
    admin = (await t.login('admin')).access_token;
    customer = (await t.login('customer')).access_token;
    await setStock(t, { [p.frigo!]: 20, [p.mixeur!]: 20, [p.cuisiniere!]: 20 });
    packTest = (await t.json('/api/admin/packs', as(admin))).body.find((x: { code: string }) => x.code === 'PACK-TEST').id;
  });
  afterAll(() => t.close());

  it.each<[string, string, () => string, () => unknown]>([
    ['GET', 'the packs', () => '/api/admin/packs', () => undefined],
    ['POST', 'a pack', () => '/api/admin/packs', () => body()],
    ['PUT', 'a pack', () => `/api/admin/packs/${packTest}`, () => body({ code: 'PACK-TEST', active: false })],
  ])('%s %s: 401 without a token, 403 for a customer, nothing written', async (method, _what, path, payload) => {
    const before = await catalogueState(t);
    expect(await t.json(path(), { method, body: payload() })).toMatchObject({ status: 401, body: { message: /Authentification requise/ } });
    expect(await t.json(path(), { method, body: payload(), ...as(customer) })).toMatchObject({
      status: 403,
      body: { message: 'Accès réservé aux administrateurs.' },
    });
    expect(await catalogueState(t)).toEqual(before);
  });

  it('lists every pack, active or not, with its lines, product names and total', async () => {
    const res = await t.json('/api/admin/packs', as(admin));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const byCode = Object.fromEntries(res.body.map((x: { code: string }) => [x.code, x]));
    expect(byCode['PACK-TEST']).toEqual({
      id: packTest,
      code: 'PACK-TEST',
      name: 'Pack Test Tabaski',
      active: true,
      total: 210000,
      lines: [
        { product_id: p.tvSamsung, name: 'Téléviseur LED Samsung 43 pouces', quantity: 1, price_unit: 180000, sale_ok: true, stock: 5 },
        { product_id: p.ventiPied, name: 'Ventilateur sur pied Binatone', quantity: 2, price_unit: 15000, sale_ok: true, stock: 5 },
      ],
    });
    expect(byCode['PACK-OLD']).toMatchObject({ active: false, total: 10000 });
  });

  it('creates a pack (code upper-cased) that shoppers then find and order at its prices, audited', async () => {
    const created = await t.json('/api/admin/packs', { method: 'POST', body: body(), ...as(admin) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'PACK-KORITE', name: 'Pack Korité', active: true, total: 290000 });
    const shopper = await t.json('/api/pack_product/PACK-KORITE');
    expect(shopper).toMatchObject({ status: 200, body: { name: 'Pack Korité', sommeTotal: 290000 } });
    expect(
      shopper.body.produits.map((l: { id: number; quantity: number; price_unit: number }) => [l.id, l.quantity, l.price_unit]),
    ).toEqual([
      [p.frigo, 1, 250000],
      [p.mixeur, 2, 20000],
    ]);
    expect((await t.json('/api/pack_product')).body.map((x: { code: string }) => x.code)).toContain('PACK-KORITE');
    const placed = await order('PACK-KORITE', [
      { id: p.frigo!, quantity: 1 },
      { id: p.mixeur!, quantity: 2 },
    ]);
    expect(placed).toMatchObject({ status: 201, body: { amount_total: 290000 } });
    const log = (await t.json(`/api/admin/audit?entity=pack&id=${created.body.id}`, as(admin))).body;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'create',
      user: { name: 'Awa Admin' },
      changes: {
        code: [null, 'PACK-KORITE'],
        active: [null, true],
        lines: [
          null,
          [
            { product_id: p.frigo, quantity: 1, price_unit: 250000 },
            { product_id: p.mixeur, quantity: 2, price_unit: 20000 },
          ],
        ],
      },
    });
  });

  it('edits a pack: its lines are replaced, the shopper’s pack follows, and the change is audited', async () => {
    const id = (await t.json('/api/admin/packs', { method: 'POST', body: body({ code: 'PACK-EDIT' }), ...as(admin) })).body.id;
    const lines = [
      { product_id: p.cuisiniere, quantity: 1, price_unit: 170000 },
      { product_id: p.mixeur, quantity: 3, price_unit: 20000 },
    ];
    const edited = await t.json(`/api/admin/packs/${id}`, {
      method: 'PUT',
      body: body({ code: 'PACK-EDIT', name: 'Pack Cuisine', lines }),
      ...as(admin),
    });
    expect(edited).toMatchObject({ status: 200, body: { id, name: 'Pack Cuisine', total: 230000 } });
    expect(edited.body.lines.map((l: { product_id: number }) => l.product_id)).toEqual([p.cuisiniere, p.mixeur]);
    const shopper = (await t.json('/api/pack_product/PACK-EDIT')).body;
    expect([shopper.name, shopper.sommeTotal, shopper.produits.length]).toEqual(['Pack Cuisine', 230000, 2]);
    const [entry] = (await t.json(`/api/admin/audit?entity=pack&id=${id}`, as(admin))).body;
    expect(entry).toMatchObject({ action: 'update', changes: { name: ['Pack Korité', 'Pack Cuisine'] } });
    expect(entry.changes.lines[1]).toEqual([...lines].sort((a, b) => a.product_id! - b.product_id!));
    expect(entry.changes).not.toHaveProperty('code');
  });

  it('a pack line may hold the household cap, and such a pack can be ordered as it is', async () => {
    const lines = [
      { product_id: p.frigo, quantity: 1, price_unit: 250000 },
      { product_id: p.mixeur, quantity: householdCap, price_unit: 20000 },
    ];
    expect((await t.json('/api/admin/packs', { method: 'POST', body: body({ code: 'PACK-FOYER', lines }), ...as(admin) })).status).toBe(
      201,
    );
    expect(
      (
        await order('PACK-FOYER', [
          { id: p.frigo!, quantity: 1 },
          { id: p.mixeur!, quantity: householdCap },
        ])
      ).status,
    ).toBe(201);
  });

  it('turning a pack off hides it from shoppers and refuses its orders; turning it on brings it back', async () => {
    const id = (await t.json('/api/admin/packs', { method: 'POST', body: body({ code: 'PACK-ONOFF' }), ...as(admin) })).body.id;
    const lines = [
      { id: p.frigo!, quantity: 1 },
      { id: p.mixeur!, quantity: 2 },
    ];
    expect(
      (await t.json(`/api/admin/packs/${id}`, { method: 'PUT', body: body({ code: 'PACK-ONOFF', active: false }), ...as(admin) })).body
        .active,
    ).toBe(false);
    expect(await t.json('/api/pack_product/PACK-ONOFF')).toMatchObject({
      status: 404,
      body: { message: 'Le pack n’existe pas ou n’est plus disponible.' },
    });
    expect((await t.json('/api/pack_product')).body.map((x: { code: string }) => x.code)).not.toContain('PACK-ONOFF');
    expect(await order('PACK-ONOFF', lines)).toMatchObject({
      status: 409,
      body: { message: "Le pack n'est plus d'actualité ou indisponible." },
    });
    expect((await t.json('/api/admin/packs', as(admin))).body.find((x: { id: number }) => x.id === id).active).toBe(false);
    const [entry] = (await t.json(`/api/admin/audit?entity=pack&id=${id}`, as(admin))).body;
    expect(entry).toMatchObject({ action: 'update', changes: { active: [true, false] } });
    expect(Object.keys(entry.changes)).toEqual(['active']);
    await t.json(`/api/admin/packs/${id}`, { method: 'PUT', body: body({ code: 'PACK-ONOFF' }), ...as(admin) });
    expect((await t.json('/api/pack_product/PACK-ONOFF')).status).toBe(200);
    expect((await order('PACK-ONOFF', lines)).status).toBe(201);
  });

  it('refuses a code another pack has (whatever its case), and an unknown pack', async () => {
    const before = await catalogueState(t);
    expect(await t.json('/api/admin/packs', { method: 'POST', body: body({ code: 'pack-test' }), ...as(admin) })).toMatchObject({
      status: 409,
      body: { message: 'Le code « PACK-TEST » est déjà celui du pack « Pack Test Tabaski ».', field: 'code' },
    });
    const old = (await t.json('/api/admin/packs', as(admin))).body.find((x: { code: string }) => x.code === 'PACK-OLD').id;
    expect((await t.json(`/api/admin/packs/${old}`, { method: 'PUT', body: body({ code: 'PACK-TEST' }), ...as(admin) })).status).toBe(409);
    expect(await t.json('/api/admin/packs/999999', { method: 'PUT', body: body({ code: 'PACK-NEW' }), ...as(admin) })).toMatchObject({
      status: 404,
      body: { message: 'Pack introuvable.' },
    });
    expect(await catalogueState(t)).toEqual(before);
  });

  const line = (over: Record<string, unknown>) => ({ product_id: 0, quantity: 1, price_unit: 1000, ...over });
  const PACK_QUANTITY = `La quantité doit être comprise entre 1 et ${householdCap} (limite par foyer d’une commande).`;
  it.each<[string, () => unknown, string, string]>([
    [
      'a duplicate product',
      () => body({ lines: [line({ product_id: p.frigo }), line({ product_id: p.frigo, quantity: 2 })] }),
      `Le produit ${0} apparaît deux fois dans le pack : gardez une seule ligne et ajustez sa quantité.`,
      'lines.1.product_id',
    ],
    [
      'an unknown product',
      () => body({ lines: [line({ product_id: p.frigo }), line({ product_id: 999999 })] }),
      'Produit inconnu : 999999.',
      'lines.1.product_id',
    ],
    ['a quantity of 0', () => body({ lines: [line({ product_id: p.frigo, quantity: 0 })] }), PACK_QUANTITY, 'lines.0.quantity'],
    [
      'a quantity past the household cap (no order could take it)',
      () => body({ lines: [line({ product_id: p.frigo }), line({ product_id: p.mixeur, quantity: householdCap + 1 })] }),
      PACK_QUANTITY,
      'lines.1.quantity',
    ],
    ['a quantity of 100', () => body({ lines: [line({ product_id: p.frigo, quantity: 100 })] }), PACK_QUANTITY, 'lines.0.quantity'],
    [
      'a fractional quantity',
      () => body({ lines: [line({ product_id: p.frigo, quantity: 1.5 })] }),
      'La quantité doit être un nombre entier.',
      'lines.0.quantity',
    ],
    [
      'a negative price',
      () => body({ lines: [line({ product_id: p.frigo, price_unit: -1 })] }),
      'Le prix unitaire ne peut pas être négatif.',
      'lines.0.price_unit',
    ],
    [
      'a price in cents',
      () => body({ lines: [line({ product_id: p.frigo, price_unit: 999.5 })] }),
      'Le prix unitaire doit être un nombre entier de francs.',
      'lines.0.price_unit',
    ],
    [
      'a price as text',
      () => body({ lines: [line({ product_id: p.frigo, price_unit: '1000' })] }),
      'Le prix unitaire doit être un nombre.',
      'lines.0.price_unit',
    ],
    [
      'a total of zero',
      () => body({ lines: [line({ product_id: p.frigo, price_unit: 0 })] }),
      'Le total du pack ne peut pas être nul.',
      'lines',
    ],
    ['no line', () => body({ lines: [] }), 'Ajoutez au moins un produit au pack.', 'lines'],
    [
      'a code with a space',
      () => body({ code: 'PACK KORITE' }),
      'Le code du pack ne peut contenir que des lettres sans accent, des chiffres et des tirets (ex. PACK-TABASKI).',
      'code',
    ],
    [
      'a code with an accent',
      () => body({ code: 'pack-été' }),
      'Le code du pack ne peut contenir que des lettres sans accent, des chiffres et des tirets (ex. PACK-TABASKI).',
      'code',
    ],
    ['a code too long', () => body({ code: 'P'.repeat(41) }), 'Le code du pack dépasse 40 caractères.', 'code'],
    ['no code', () => body({ code: undefined }), 'Le code du pack est obligatoire.', 'code'],
    ['an empty name', () => body({ name: ' ' }), 'Le nom du pack est obligatoire.', 'name'],
    ['no active flag', () => body({ active: undefined }), 'Indiquez si le pack est proposé (active : true ou false).', 'active'],
    ['an unknown field', () => ({ ...body(), sommeTotal: 1 }), 'Champ inconnu : sommeTotal.', 'sommeTotal'],
    ['an unknown line field', () => body({ lines: [{ ...line({ product_id: p.frigo }), name: 'x' }] }), 'Champ inconnu : name.', 'name'],
  ])('refuses %s with a French 400 naming the field, and writes nothing', async (_l, payload, message, field) => {
    for (const [method, path] of [
      ['POST', '/api/admin/packs'],
      ['PUT', `/api/admin/packs/${packTest}`],
    ] as const) {
      const before = await catalogueState(t);
      const res = await t.json(path, { method, body: payload(), ...as(admin) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: message.replace(' 0 ', ` ${p.frigo} `), field });
      expect(await catalogueState(t)).toEqual(before);
    }
  });
});
