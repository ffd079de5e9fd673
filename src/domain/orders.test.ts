import { describe, expect, it } from 'vitest';
import { bookingFormSchema } from './orders.schema.ts';
import {
  canMove,
  hideRefusal,
  isCancellable,
  moveRefusal,
  normalizeReference,
  orderStates,
  orderTimeline,
  orderUnitPrice,
  priceLines,
  productRefusal,
  orderDetailsPath,
  referenceFromBytes,
  trancheRows,
  type OrderState,
} from './orders.ts';

describe('order state machine', () => {
  const allowed: Array<[OrderState, OrderState]> = [
    ['sale', 'confirmed'],
    ['sale', 'cancel'],
    ['confirmed', 'shipped'],
    ['confirmed', 'cancel'],
    ['shipped', 'delivered'],
  ];
  const every = orderStates.flatMap((from) => orderStates.map((to) => [from, to] as [OrderState, OrderState]));
  it.each(every)('%s → %s', (from, to) => {
    const ok = allowed.some(([a, b]) => a === from && b === to);
    expect(canMove(from, to)).toBe(ok);
    expect(moveRefusal(from, to) === null).toBe(ok);
  });

  it.each<[OrderState, OrderState, string]>([
    ['cancel', 'cancel', 'La commande est déjà « Annulée ».'],
    ['shipped', 'cancel', 'La commande est « Expédiée » : elle ne peut plus être annulée.'],
    ['delivered', 'cancel', 'La commande est « Livrée » : elle ne peut plus être annulée.'],
    ['sale', 'delivered', 'La commande est « Reçue » : elle ne peut pas passer à « Livrée ».'],
    ['cancel', 'confirmed', 'La commande est « Annulée » : elle ne peut pas passer à « Confirmée ».'],
  ])('refuses %s → %s naming the state', (from, to, message) => expect(moveRefusal(from, to)).toBe(message));

  it.each(orderStates)('only a cancelled order leaves the list (%s)', (state) => {
    expect(hideRefusal(state) === null).toBe(state === 'cancel');
    expect(isCancellable(state)).toBe(state === 'sale' || state === 'confirmed');
  });
});

describe('which products a sale type takes, at which price', () => {
  const base = {
    name: 'Frigo',
    list_price: 100000,
    en_promo: true,
    promo_price: 90000,
    preorder_price: 80000,
    is_creditorder: true,
    creditorder_price: 120000,
    sale_ok: true,
    quantity: 0,
  };
  it.each([
    ['order', base, 90000, null],
    ['order', { ...base, en_promo: false }, 100000, null],
    ['preorder', base, 80000, null],
    ['creditorder', base, 120000, null],
    ['creditorder', { ...base, creditorder_price: null }, 90000, null],
    ['preorder', { ...base, preorder_price: null }, 90000, 'Le produit « Frigo » ne peut pas être pré-commandé.'],
    ['creditorder', { ...base, is_creditorder: false }, 120000, 'Le produit « Frigo » ne peut pas être commandé à crédit.'],
    ['order', { ...base, sale_ok: false }, 90000, 'Le produit « Frigo » n’est plus en vente.'],
    [
      'preorder',
      { ...base, quantity: 24 },
      80000,
      'Le produit « Frigo » est en stock : il ne se pré-commande pas. Retirez-le de vos pré-commandes et commandez-le depuis le panier.',
    ],
    ['preorder', { ...base, quantity: 24, sale_ok: false }, 80000, 'Le produit « Frigo » n’est plus en vente.'],
    ['order', { ...base, quantity: 24 }, 90000, null],
  ] as const)('%s of %o: %i, refusal %s', (type, product, price, refusal) => {
    expect(orderUnitPrice(type, product)).toBe(price);
    expect(productRefusal(type, product)).toBe(refusal);
  });

  it('totals whole francs as the sum of the subtotals', () => {
    expect(
      priceLines([
        { product_id: 1, name: 'a', quantity: 3, price_unit: 33333 },
        { product_id: 2, name: 'b', quantity: 1, price_unit: 1 },
      ]),
    ).toEqual({
      amount_total: 100000,
      order_lines: [expect.objectContaining({ price_subtotal: 99999 }), expect.objectContaining({ price_subtotal: 1 })],
    });
  });

  it.each([
    [100000, [30000, 30000, 40000]],
    [99999, [29999, 29999, 40001]],
    [1, [0, 0, 1]],
  ])('tranches of %i', (total, amounts) => {
    expect(trancheRows(total)).toEqual([
      { number: 1, percent: 30, amount: amounts[0] },
      { number: 2, percent: 30, amount: amounts[1] },
      { number: 3, percent: 40, amount: amounts[2] },
    ]);
  });
});

describe('references', () => {
  it('draws 8 readable letters from 8 bytes', () => {
    expect(referenceFromBytes(new Uint8Array([0, 1, 2, 3, 30, 31, 255, 100]))).toBe('BQ-2345Z299');
    expect(() => referenceFromBytes(new Uint8Array(4))).toThrow(RangeError);
  });
  it.each([
    ['BQ-7K3F9QMA', 'BQ-7K3F9QMA'],
    [' bq-7k3f-9qma ', 'BQ-7K3F9QMA'],
    ['7k3f9qma', 'BQ-7K3F9QMA'],
    ['BQ7K3F9QMA', 'BQ-7K3F9QMA'],
    ['BQ-7K3F9QM', null],
    ['BQ-7K3F9QM0', null],
    ['BQ-7K3F9QMI', null],
    ['', null],
  ])('%j → %j', (input, out) => expect(normalizeReference(input)).toBe(out));
});

describe('booking form (§5)', () => {
  const ok = { prenom: 'Awa', nom: 'Diop', email: 'Awa@Example.sn', telephone: '77 123 45 67', adresse: 'Ouakam, Dakar' };
  it('accepts a complete form, adding 221 to the phone', () => {
    expect(bookingFormSchema.parse(ok)).toEqual({ ...ok, email: 'awa@example.sn', telephone: '221771234567' });
  });
  it.each<[string, Partial<Record<keyof typeof ok, unknown>>, string]>([
    ['prenom', { prenom: '' }, 'Le prénom est obligatoire.'],
    ['nom', { nom: ' ' }, 'Le nom est obligatoire.'],
    ['telephone', { telephone: '' }, 'Le téléphone est obligatoire.'],
    ['telephone', { telephone: '221 33 123 45 67' }, 'Le numéro de téléphone est invalide.'],
    ['telephone', { telephone: '7712345678' }, 'Le numéro de téléphone est invalide.'],
    ['adresse', { adresse: '' }, "L'adresse est obligatoire."],
    ['email', { email: '' }, "L'adresse email est obligatoire."],
    ['email', { email: 'awa diop@example.sn' }, "L'adresse email est invalide."],
    ['email', { email: 'awa.example.sn' }, "L'adresse email est invalide."],
  ])('%s: %o → %s', (field, change, message) => {
    const result = bookingFormSchema.safeParse({ ...ok, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: [field], message });
  });
});

describe('orderTimeline', () => {
  const o = (state: OrderState, dates: Partial<Record<'confirmed' | 'shipped' | 'delivered' | 'cancelled', string>> = {}) => ({
    state,
    date_order: 'D0',
    dates: { confirmed: null, shipped: null, delivered: null, cancelled: null, ...dates },
  });
  it.each<[string, ReturnType<typeof o>, Array<[string, string | null, string]>]>([
    [
      'a new order',
      o('sale'),
      [
        ['Reçue', 'D0', 'current'],
        ['Confirmée', null, 'upcoming'],
        ['Expédiée', null, 'upcoming'],
        ['Livrée', null, 'upcoming'],
      ],
    ],
    [
      'a shipped order',
      o('shipped', { confirmed: 'D1', shipped: 'D2' }),
      [
        ['Reçue', 'D0', 'done'],
        ['Confirmée', 'D1', 'done'],
        ['Expédiée', 'D2', 'current'],
        ['Livrée', null, 'upcoming'],
      ],
    ],
    [
      'an order cancelled at once',
      o('cancel', { cancelled: 'D9' }),
      [
        ['Reçue', 'D0', 'done'],
        ['Annulée', 'D9', 'current'],
      ],
    ],
    [
      'an order cancelled once confirmed',
      o('cancel', { confirmed: 'D1', cancelled: 'D9' }),
      [
        ['Reçue', 'D0', 'done'],
        ['Confirmée', 'D1', 'done'],
        ['Annulée', 'D9', 'current'],
      ],
    ],
  ])('%s', (_l, order, steps) => {
    expect(orderTimeline(order).map((s) => [s.label, s.at, s.status])).toEqual(steps);
  });
});

describe('orderDetailsPath', () => {
  it.each([
    ['order', '/commandes/7/détails'],
    ['preorder', '/pre-commandes/7/détails'],
    ['creditorder', '/credit-commandes/7/détails'],
  ] as const)('%s → %s', (type, path) => {
    expect(orderDetailsPath(type, 7)).toBe(path);
  });
});
