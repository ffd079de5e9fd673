/** What an order's lines, total and tranches show (§4 "Order", §9 tranches), as text, for the React components (OrderLines.tsx). */
import { formatFCFA } from '../../domain/money.ts';
import { dueText, instalmentLabel } from '../../domain/schedule.ts';
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

/** An instalment as drawn: its label ('Première tranche (30 %)', 'Mensualité 2 sur 6'), its amount, when it falls due, and whether it is paid. */
interface TrancheView {
  label: string;
  amount: string;
  /** 'le 5 décembre 2026', 'à la livraison' for a pre-order's last tranche; null when the schedule has no dates yet. */
  due: string | null;
  paid: boolean;
}

/** The lines' total and the schedule: a pre-order's tranches or a credit order's monthly instalments (none for other orders). */
export interface OrderSumView {
  /** 'Réduction de bienvenue − …' when the welcome offer reduced the order (src/domain/welcome.ts), else null. */
  welcome: string | null;
  total: string;
  /** The schedule's accessible name: 'Tranches de la pré-commande' or 'Échéancier en 6 mensualités'. */
  schedule: string;
  tranches: TrancheView[];
}

/** What an instalment says beside its amount: 'payée', 'à payer le 5 décembre 2026', 'à payer à la livraison'. */
export const trancheStatus = (t: TrancheView): string => (t.paid ? 'payée' : t.due ? `à payer ${t.due}` : 'à payer');

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
  credit?: { months: number } | null;
  tranches: ReadonlyArray<{ number: number; percent: number | null; amount: number; state: string; due_on?: string | null }>;
}): OrderSumView => ({
  welcome: o.welcome_reduction ? welcomeLabel(o.welcome_reduction) : null,
  total: formatFCFA(o.amount_total),
  schedule: o.credit ? `Échéancier en ${o.credit.months} mensualités` : 'Tranches de la pré-commande',
  tranches: o.tranches.map((t) => ({
    label: instalmentLabel(t, o.credit?.months ?? o.tranches.length),
    amount: formatFCFA(t.amount),
    due: dueText(t),
    paid: t.state === 'paid',
  })),
});
