import { describe, expect, it } from 'vitest';
import { formatFCFA } from '../../domain/money.ts';
import { draftFor, draftSchema, draftView, type Draft } from './draft.ts';

const LINES = [
  { product_id: 1, name: 'Frigo 300 L', image: '/api/images/1/256.webp', quantity: 2, price_unit: 150_000, price_subtotal: 300_000 },
  { product_id: 2, name: 'Congélateur', image: null, quantity: 1, price_unit: 99_990, price_subtotal: 99_990 },
];
const draft = (type: Draft['type']): Draft => ({
  type,
  lines: LINES,
  amount_total: 399_990,
  welcome_reduction: 0,
  adresse: 'Sicap Liberté 2',
  telephone: '221771234567',
  payment_mode: 'online',
  commitment_date: '2026-11-24T10:00:00.000Z',
  key: 'k-1',
});
const read = (raw: unknown) => draftSchema.safeParse(raw).data ?? null;

describe('the stored draft (§3 browser storage, key `checkout`)', () => {
  it('reads a draft as saved, and only its fields', () => {
    expect(read(JSON.parse(JSON.stringify({ ...draft('order'), extra: 1 })))).toEqual(draft('order'));
  });

  it.each([
    ['no lines', { lines: [] }],
    ['a line without its price', { lines: [{ ...LINES[0], price_unit: '150000' }] }],
    ['a fractional quantity', { lines: [{ ...LINES[0], quantity: 1.5 }] }],
    ['an unknown sale type', { type: 'pack' }],
    ['an unknown payment mode', { payment_mode: 'cash' }],
    ['an unknown payment provider', { payment_provider: 'free-money' }],
    ['no key', { key: undefined }],
    ['51 lines', { lines: Array.from({ length: 51 }, () => LINES[0]) }],
  ])('refuses %s', (_, change) => {
    expect(read({ ...draft('order'), ...change })).toBeNull();
  });

  it('refuses what is not a draft object', () => {
    for (const v of [null, 'draft', [draft('order')], 42]) expect(read(v)).toBeNull();
  });

  it('is current for its own type for an hour', () => {
    const d = draft('order');
    expect(draftFor(d, 'order', new Date('2026-11-24T10:59:00Z'))).toBe(d);
    expect(draftFor(d, 'preorder', new Date('2026-11-24T10:30:00Z'))).toBeNull();
    expect(draftFor(d, 'order', new Date('2026-11-24T11:01:00Z'))).toBeNull();
  });

  it('shows the delivery as text, with a pre-order’s three tranches due', () => {
    const { delivery, sum, lines } = draftView(draft('preorder'));
    expect(delivery).toEqual({
      adresse: 'Sicap Liberté 2',
      telephone: '+221771234567',
      mode: 'En ligne · Wave',
      total: formatFCFA(399_990),
      // Paid online one tranche at a time: the first one now.
      now: `Première tranche (30 %) — ${formatFCFA(119_997)}`,
    });
    expect(draftView({ ...draft('preorder'), payment_mode: 'domicile' }).delivery.now).toBeUndefined();
    expect(draftView(draft('order')).delivery.now).toBeUndefined();
    expect(draftView({ ...draft('order'), payment_provider: 'orange' }).delivery.mode).toBe('En ligne · Orange Money');
    expect(draftView({ ...draft('order'), payment_mode: 'domicile', payment_provider: 'orange' }).delivery.mode).toBe('A domicile');
    expect(sum.tranches.map((t) => [t.label, t.paid])).toEqual([
      ['Première tranche (30 %)', false],
      ['Deuxième tranche (30 %)', false],
      ['Troisième tranche (40 %)', false],
    ]);
    expect(lines[1]).toEqual({ name: 'Congélateur', image: null, quantity: '1', unit: formatFCFA(99_990), subtotal: formatFCFA(99_990) });
    expect(draftView(draft('order')).sum.tranches).toEqual([]);
  });

  it('shows a credit draft’s months and its dated schedule, the remainder on the last instalment', () => {
    const credit = { ...draft('creditorder'), payment_mode: 'domicile' as const, amount_total: 193_001, credit: { months: 6, dueDay: 5 } };
    expect(read(credit)?.credit).toEqual({ months: 6, dueDay: 5 });
    const { delivery, sum } = draftView(credit);
    expect(delivery.mode).toBe('Paiement en 6 mensualités');
    expect(sum.schedule).toBe('Échéancier en 6 mensualités');
    expect(sum.tranches.map((t) => [t.label, t.amount, t.due])).toEqual([
      ['Mensualité 1 sur 6', formatFCFA(32_166), 'le 5 décembre 2026'],
      ['Mensualité 2 sur 6', formatFCFA(32_166), 'le 5 janvier 2027'],
      ['Mensualité 3 sur 6', formatFCFA(32_166), 'le 5 février 2027'],
      ['Mensualité 4 sur 6', formatFCFA(32_166), 'le 5 mars 2027'],
      ['Mensualité 5 sur 6', formatFCFA(32_166), 'le 5 avril 2027'],
      ['Mensualité 6 sur 6', formatFCFA(32_171), 'le 5 mai 2027'],
    ]);
  });
});
