/** What an order's lines, total and tranches show (§4 "Order", §9 tranches), as text, for the React components (OrderLines.tsx). */
import { formatFCFA } from '../../domain/money.ts';
import { trancheLabel } from '../../domain/pricing.ts';
import { welcomeLabel } from '../../domain/welcome.ts';

/** One line as drawn: name, picture (none: a grey square), quantity, unit price and subtotal. */
export interface OrderLineView {
  name: string;
  image: string | null;
  quantity: string;
  unit: string;
  subtotal: string;
  /** A word on the line, e.g. that its price changed since the shopper saw it. */
  note?: string;
}

/** A pre-order tranche as drawn: its label with its share, its amount, and whether it is paid. */
interface TrancheView {
  label: string;
  amount: string;
  paid: boolean;
}

/** The lines' total and the pre-order's tranches (none for other orders). */
export interface OrderSumView {
  /** 'Réduction de bienvenue − …' when the welcome offer reduced the order (src/domain/welcome.ts), else null. */
  welcome: string | null;
  total: string;
  tranches: TrancheView[];
}

/** A priced line's view. */
export const orderLineView = (l: {
  name: string;
  image: string | null;
  quantity: number;
  price_unit: number;
  price_subtotal: number;
}): OrderLineView => ({
  name: l.name,
  image: l.image,
  quantity: String(l.quantity),
  unit: formatFCFA(l.price_unit),
  subtotal: formatFCFA(l.price_subtotal),
});

/** The view of an order's total and tranches. */
export const orderSumView = (o: {
  amount_total: number;
  welcome_reduction?: number;
  tranches: ReadonlyArray<{ number: number; percent: number; amount: number; state: string }>;
}): OrderSumView => ({
  welcome: o.welcome_reduction ? welcomeLabel(o.welcome_reduction) : null,
  total: formatFCFA(o.amount_total),
  tranches: o.tranches.map((t) => ({
    label: trancheLabel(t.number, t.percent),
    amount: formatFCFA(t.amount),
    paid: t.state === 'paid',
  })),
});
