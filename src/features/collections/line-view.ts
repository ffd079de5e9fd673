/**
 * What a collection screen shows (§4 "Collections", "Pricing"), as text: computed once for the React island and for
 * the first-paint preview (line-preview.ts), so both draw the same words and figures.
 */
import { collectionTotal, householdCap, lineTotal, preorderPlan, unitPrice, type CollectionKind, type Line } from '../../domain/collections.ts';
import { formatFCFA } from '../../domain/money.ts';
import { productImageSrc } from '../../lib/images.ts';

/** One line as drawn: link, name, picture, unit price, quantity and its steps, line total. */
export interface LineView { href: string; name: string; image: string; unit: string; quantity: string; total: string; canLess: boolean; canMore: boolean }

/** A line's view. */
export function lineView(kind: CollectionKind, line: Line): LineView {
  const { product, quantity } = line;
  return {
    href: `/produits/${product.id}/details`,
    name: product.name,
    image: productImageSrc(product.image_256),
    unit: formatFCFA(unitPrice(kind, product)),
    quantity: String(quantity),
    total: formatFCFA(lineTotal(kind, line)),
    canLess: quantity > 1,
    canMore: quantity < householdCap,
  };
}

/** The summary as drawn: total, the pre-order's three tranches, and whether there is anything to check out. */
export interface SummaryView { total: string; tranches: [string, string, string] | null; checkout: boolean }

/** The summary's view of a collection's lines. */
export function summaryView(kind: CollectionKind, lines: readonly Line[]): SummaryView {
  const total = collectionTotal(kind, lines);
  const plan = kind === 'preorder' ? preorderPlan(lines) : null;
  return { total: formatFCFA(total), tranches: plan && [formatFCFA(plan[0]), formatFCFA(plan[1]), formatFCFA(plan[2])], checkout: total > 0 };
}

/** Placeholders the server writes into the preview's templates; line-preview.ts puts each view's text in their place. */
export const SLOT = {
  line: { href: '{{href}}', name: '{{name}}', image: '{{image}}', unit: '{{unit}}', quantity: '{{quantity}}', total: '{{total}}', canLess: true, canMore: true },
  summary: { total: '{{total}}', tranches: ['{{t0}}', '{{t1}}', '{{t2}}'], checkout: true },
} as const satisfies { line: LineView; summary: SummaryView };
