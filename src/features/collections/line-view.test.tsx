import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { collectionKinds, type Line } from '../../domain/collections.ts';
import { formatFCFA } from '../../domain/money.ts';
import { capHint, householdCap } from '../../domain/quantity.ts';
import { CollectionLine } from './CollectionLine.tsx';
import { Filled, Summary } from './CollectionParts.tsx';
import { fillSlots } from '../../lib/fill-slots.ts';
import { SLOT, lineView, summaryView } from './line-view.ts';

const product = (id: number, over: Partial<Line['product']> = {}): Line['product'] => ({
  id, name: `Produit ${id}`, categ_id: 'Congélateurs', image_256: `/api/images/${id}/256.webp`, list_price: 100_000 * id,
  en_promo: false, promo_price: null, preorder_price: 90_000 * id, is_creditorder: true, creditorder_price: 120_000 * id, ...over,
});
const line = (p: Line['product'], quantity: number): Line => ({ product: p, quantity, date: '2026-11-23T10:00:00.000Z', location: 'Dakar, Dakar, SN' });

// Names a shopper's storage may hold: markup characters, quotes, and a slot's own spelling (never filled twice).
const LINES = [
  line(product(1), 1),
  line(product(2, { en_promo: true, promo_price: 150_000 }), 5),
  line(product(3, { name: `Frigo <b>"Grand" & l'autre</b> {{total}}`, image_256: null }), householdCap),
  line(product(4), householdCap - 1),
];

/** What the preview draws for a line: the template filled, then the steps' states set (as line-preview.ts does). */
function previewLine(kind: (typeof collectionKinds)[number], l: Line): string {
  const { canLess, canMore, ...text } = lineView(kind, l);
  return fillSlots(renderToStaticMarkup(<CollectionLine kind={kind} view={SLOT.line} />), text)
    .replace(/data-step="less"/, canLess ? '$&' : '$& disabled=""')
    .replace(/data-step="more"/, canMore ? '$&' : `$& aria-disabled="true" title="${capHint}"`);
}

describe('first-paint preview (§4 "Collections")', () => {
  for (const kind of collectionKinds) {
    it.each(LINES.map((l) => [l.product.name, l.quantity, l] as const))(`${kind}: the preview of “%s” × %i is the island's markup`, (_, __, l) => {
      expect(previewLine(kind, l)).toBe(renderToStaticMarkup(<CollectionLine kind={kind} view={lineView(kind, l)} line={l} />));
    });

    it(`${kind}: the preview's summary is the island's`, () => {
      const view = summaryView(kind, LINES);
      const { total, tranches } = view;
      const preview = fillSlots(renderToStaticMarkup(<Filled lines={null} summary={<Summary kind={kind} view={SLOT.summary} />} />), { total, t0: tranches?.[0] ?? '', t1: tranches?.[1] ?? '', t2: tranches?.[2] ?? '' });
      expect(preview).toBe(renderToStaticMarkup(<Filled lines={null} summary={<Summary kind={kind} view={view} />} />));
    });
  }

  it('fills every slot once, escaped, and leaves unknown ones as they are', () => {
    expect(fillSlots('<a title="{{name}}">{{name}} {{other}}</a>', { name: `<"&'{{name}}>` })).toBe('<a title="&lt;&quot;&amp;&#x27;{{name}}&gt;">&lt;&quot;&amp;&#x27;{{name}}&gt; {{other}}</a>');
  });

  it('the pre-order summary shows the three tranches; the others none', () => {
    expect(summaryView('preorder', [line(product(1), 1)]).tranches).toEqual([27_000, 27_000, 36_000].map(formatFCFA));
    expect(summaryView('cart', [line(product(1), 1)]).tranches).toBeNull();
  });
});

describe('the household cap on a line (§4)', () => {
  it('a line at the cap keeps its + reachable, marked unavailable, with the reason as its title', () => {
    const markup = renderToStaticMarkup(<CollectionLine kind="cart" view={lineView('cart', line(product(1), householdCap))} line={line(product(1), householdCap)} />);
    expect(markup).toContain(`data-step="more" aria-disabled="true" title="${capHint}"`);
    expect(markup).not.toMatch(/data-step="more"[^>]* disabled=""/);
    expect(lineView('cart', line(product(1), householdCap - 1)).canMore).toBe(true);
  });
});
