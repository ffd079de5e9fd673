import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderLineItem, OrderLines } from '../../components/ui/OrderLines.tsx';
import { orderLineView, orderSumView } from '../../components/ui/order-lines-view.ts';
import { formatFCFA } from '../../domain/money.ts';
import { saleTypes, trancheRows, type SaleType } from '../../domain/orders.ts';
import { Articles, CheckoutTemplates } from './CheckoutParts.tsx';
import { draftFor, draftView, readDraft, type Draft } from './draft.ts';
import { orderPreviewHtml } from './order-preview.ts';
import { ConfirmButton, Validation, ValidationTemplates } from './ValidationParts.tsx';

// Names a shopper's storage may hold: markup characters, quotes, `$` patterns and a slot's own spelling (never filled twice).
const LINES = [
  { product_id: 1, name: 'Frigo 300 L', image: '/api/images/1/256.webp', quantity: 2, price_unit: 150_000, price_subtotal: 300_000 },
  { product_id: 2, name: `Congélateur <b>"Grand" & l'autre</b> {{total}} $& $'`, image: null, quantity: 1, price_unit: 99_990, price_subtotal: 99_990 },
];
const TOTAL = 399_990;

/** The templates as the server writes them, read by name as the preview reads them from the page. */
function templates(node: ReactElement): (name: string) => string {
  const html = renderToStaticMarkup(node);
  return (name) => html.match(new RegExp(`<template data-template="${name}">(.*?)</template>`, 's'))?.[1] ?? '';
}
const sumOf = (type: SaleType, total: number) => orderSumView({ amount_total: total, tranches: type === 'preorder' ? trancheRows(total).map((t) => ({ ...t, state: 'due' })) : [] });
const draft = (type: SaleType): Draft => ({ type, lines: LINES, amount_total: TOTAL, adresse: `Sicap <Liberté> 2 & "villa"`, telephone: '221771234567', payment_mode: 'online', commitment_date: '2026-11-24T10:00:00.000Z', key: 'k-1' });

describe('first-paint previews of the checkout screens (§2)', () => {
  for (const type of saleTypes) {
    it(`/checkout?type=${type}: the preview of the stored lines is the island's articles`, () => {
      const sum = sumOf(type, TOTAL);
      const preview = orderPreviewHtml(templates(<CheckoutTemplates type={type} />), LINES.map(orderLineView), sum);
      const island = renderToStaticMarkup(<Articles lines={LINES.map((l) => <OrderLineItem key={l.product_id} view={orderLineView(l)} />)} sum={sum} />);
      expect(preview).toBe(island);
      expect(preview).toContain(formatFCFA(TOTAL));
    });

    it(`/commande-validation?type=${type}: the preview of the draft is the island's summary`, () => {
      const { lines, sum, delivery } = draftView(draft(type));
      const preview = orderPreviewHtml(templates(<ValidationTemplates type={type} />), lines, sum, { ...delivery }, 'none');
      const island = renderToStaticMarkup(
        <Validation type={type} lines={lines.map((l, i) => <OrderLineItem key={i} view={l} />)} sum={sum} delivery={delivery}><ConfirmButton label="Confirmer la commande" busy={false} /></Validation>,
      );
      expect(preview).toBe(island);
    });
  }

  it('the pre-order shows its three tranches due; other orders none', () => {
    expect(sumOf('preorder', 100_000).tranches).toEqual([
      { label: 'Première tranche (30 %)', amount: formatFCFA(30_000), paid: false },
      { label: 'Deuxième tranche (30 %)', amount: formatFCFA(30_000), paid: false },
      { label: 'Troisième tranche (40 %)', amount: formatFCFA(40_000), paid: false },
    ]);
    expect(sumOf('order', 100_000).tranches).toEqual([]);
  });

  it('an empty collection or no draft draws the island\'s notice', () => {
    expect(orderPreviewHtml(templates(<CheckoutTemplates type="preorder" />), null, sumOf('preorder', 0))).toContain('Votre pré-commande est vide.');
    expect(orderPreviewHtml(templates(<ValidationTemplates type="order" />), null, sumOf('order', 0), {}, 'none')).toContain('Aucune commande à valider');
  });

  it('OrderLines draws an order through the same line and sum', () => {
    const order = { order_lines: LINES, amount_total: TOTAL, tranches: trancheRows(TOTAL).map((t, i) => ({ ...t, state: i === 0 ? 'paid' as const : 'due' as const })) };
    const html = renderToStaticMarkup(<OrderLines order={order} />);
    expect(html).toContain('>payée<');
    expect(html).toContain(`data-testid="order-total">${formatFCFA(TOTAL)}<`);
  });
});

describe('the stored draft, checked by hand (§3 browser storage)', () => {
  it('reads a draft as saved, and only its fields', () => {
    expect(readDraft({ ...draft('order'), extra: 1 })).toEqual(draft('order'));
  });

  it.each([
    ['no lines', { lines: [] }],
    ['a line without its price', { lines: [{ ...LINES[0], price_unit: '150000' }] }],
    ['an unknown sale type', { type: 'pack' }],
    ['an unknown payment mode', { payment_mode: 'cash' }],
    ['no key', { key: undefined }],
    ['51 lines', { lines: Array.from({ length: 51 }, () => LINES[0]) }],
  ])('refuses %s', (_, change) => {
    expect(readDraft({ ...draft('order'), ...change })).toBeNull();
  });

  it('refuses what is not an object', () => {
    for (const v of [null, 'draft', [draft('order')], 42]) expect(readDraft(v)).toBeNull();
  });

  it('is current for its own type for an hour', () => {
    const d = draft('order');
    expect(draftFor(d, 'order', new Date('2026-11-24T10:59:00Z'))).toBe(d);
    expect(draftFor(d, 'preorder', new Date('2026-11-24T10:30:00Z'))).toBeNull();
    expect(draftFor(d, 'order', new Date('2026-11-24T11:01:00Z'))).toBeNull();
  });
});
