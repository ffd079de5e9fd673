/**
 * A collection priced for checkout (§2 `/checkout`, §4 "Pricing"): each line at the catalogue's price of now, and why
 * it cannot be ordered, if it cannot. Pure: the server prices the mirrored lines with it, the checkout store the stored ones.
 */
import { orderLineView, orderSumView, type OrderLineView, type OrderSumView } from '../../components/ui/order-lines-view.ts';
import { unitPrice } from '../../domain/collections.ts';
import { formatFCFA, groupDigits } from '../../domain/money.ts';
import {
  orderUnitPrice,
  priceLines,
  productRefusal,
  saleKinds,
  trancheRows,
  type OrderableProduct,
  type SaleType,
} from '../../domain/orders.ts';
import { welcomeQuote, type WelcomeStanding } from '../../domain/welcome.ts';

/** A line as checkout shows it: server price, and why it cannot be ordered, if it cannot. */
export interface QuoteLine {
  product_id: number;
  name: string;
  image: string | null;
  quantity: number;
  price_unit: number;
  price_subtotal: number;
  problem: string | null;
  /** With a problem, the most units the line can have now (0: it has to go), its one-tap fix; null without. */
  available: number | null;
  /** On promotion: the welcome offer never reduces it (§9). */
  promo: boolean;
}

/** The collection priced from the catalogue as it is now. */
export interface ReadyQuote {
  status: 'ready';
  type: SaleType;
  lines: QuoteLine[];
  /** What the shopper pays: the lines' total less the welcome reduction. */
  amount_total: number;
  /** The welcome offer on this order (src/domain/welcome.ts): its amount, or why there is none. */
  welcome: { amount: number; note: string | null };
  tranches: ReturnType<typeof trancheRows>;
}

/** What a stored line says of itself: its product (as stored) and quantity. */
export interface StoredLine {
  id: number;
  name: string;
  image: string | null;
  quantity: number;
}

/** A line of `type` priced from the catalogue's product `p` (null: the product is gone). */
export function quoteLine(
  type: SaleType,
  line: StoredLine,
  p: (OrderableProduct & { id: number; image_256: string | null }) | null,
): QuoteLine {
  if (!p)
    return {
      product_id: line.id,
      name: line.name,
      image: line.image,
      quantity: line.quantity,
      price_unit: 0,
      price_subtotal: 0,
      problem: `Le produit « ${line.name} » n’existe plus.`,
      available: 0,
      promo: false,
    };
  const price = orderUnitPrice(type, p);
  const stock =
    type !== 'preorder' && p.quantity < line.quantity
      ? p.quantity > 0
        ? `Stock insuffisant pour « ${p.name} » : il en reste ${p.quantity}.`
        : `Stock insuffisant pour « ${p.name} » : il n’en reste plus.`
      : null;
  const refusal = productRefusal(type, p);
  return {
    product_id: p.id,
    name: p.name,
    image: p.image_256,
    quantity: line.quantity,
    price_unit: price,
    price_subtotal: price * line.quantity,
    problem: refusal ?? stock,
    available: refusal ? 0 : stock ? Math.max(0, p.quantity) : null,
    promo: p.en_promo && p.promo_price !== null,
  };
}

/** The quote of priced lines: their total less the welcome offer the shopper's `standing` gives, and a pre-order's three tranches of it. */
export function readyQuote(type: SaleType, lines: QuoteLine[], standing: WelcomeStanding | null = null): ReadyQuote {
  const { order_lines, amount_total: linesTotal } = priceLines(lines);
  const welcome = welcomeQuote(
    standing,
    type,
    order_lines.map((l, i) => ({ price_subtotal: l.price_subtotal, promo: lines[i]!.promo })),
  );
  const amount_total = linesTotal - welcome.amount;
  return { status: 'ready', type, lines, amount_total, welcome, tranches: type === 'preorder' ? trancheRows(amount_total) : [] };
}

/** Whether a quote priced exactly these stored lines (same products, same quantities, same order). */
export function quotes(quote: ReadyQuote, lines: ReadonlyArray<{ product: { id: number }; quantity: number }>): boolean {
  return (
    quote.lines.length === lines.length &&
    quote.lines.every((l, i) => l.product_id === lines[i]?.product.id && l.quantity === lines[i]?.quantity)
  );
}

/** §4 "Pricing": what a line says when its price moved since the shopper saw it, e.g. "Le prix a changé : 215 000 → 209 000 F CFA". */
export function priceChangeNote(was: number, now: number): string {
  return `Le prix a changé : ${groupDigits(was)} → ${formatFCFA(now)}`;
}

/** The unit price a line was stored with, which the shopper last saw (from browser storage, or its cookie mirror on the server). */
export interface SeenPrice {
  id: number;
  price: number;
}

/** The prices stored with the lines of the collection of `type`. */
export function seenPrices(
  type: SaleType,
  lines: ReadonlyArray<{ product: Parameters<typeof unitPrice>[1] & { id: number } }>,
): SeenPrice[] {
  return lines.map((l) => ({ id: l.product.id, price: unitPrice(saleKinds[type], l.product) }));
}

/**
 * What a quote shows: its lines, its total and a pre-order's tranches due, as text. With the prices the lines were
 * stored with, a line whose price differs from the one the shopper last saw says so.
 */
export function quoteView(quote: ReadyQuote, seen: readonly SeenPrice[] = []): { lines: OrderLineView[]; sum: OrderSumView } {
  const before = new Map(seen.map((l) => [l.id, l.price]));
  return {
    lines: quote.lines.map((l) => {
      const view = orderLineView(l);
      const was = before.get(l.product_id);
      return was !== undefined && was !== l.price_unit && !l.problem ? { ...view, note: priceChangeNote(was, l.price_unit) } : view;
    }),
    sum: orderSumView({
      amount_total: quote.amount_total,
      welcome_reduction: quote.welcome.amount,
      tranches: quote.tranches.map((t) => ({ ...t, state: 'due' })),
    }),
  };
}
