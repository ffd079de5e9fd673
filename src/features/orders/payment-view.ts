/** What `/payment-state` (§2) says of a payment, as text: its heading, sentence, figures and links, from the server's answer. */
import { formatFCFA } from '../../domain/money.ts';
import { orderDetailsPath, paymentStatusLabels } from '../../domain/orders.ts';
import type { PaymentState } from '../../domain/orders.schema.ts';
import type { InstalmentProgress } from '../../domain/payment-state.ts';
import { dueText } from '../../domain/schedule.ts';
import { INSTALMENT_TEXT } from '../../domain/instalment-payments.ts';
import { paymentProviders, type PaymentProviderChoice } from '../../domain/payment-providers.ts';

/** How often and how long a pending payment is checked again. */
export const POLL = { everyMs: 5000, times: 12 } as const;

const TEXT: Record<PaymentState['payment_status'], string> = {
  paid: 'Merci ! Votre paiement est bien arrivé : nous préparons votre commande.',
  pending: 'Nous attendons la confirmation de votre paiement. Cette page se met à jour toute seule.',
  failed: 'Le paiement n’a pas abouti. Votre commande est conservée : vous pouvez réessayer ou payer à la livraison.',
  cancelled: 'Le paiement a été annulé. Votre commande est conservée : vous pouvez réessayer ou payer à la livraison.',
  unpaid: 'Vous réglerez votre commande à la livraison.',
  refund_due: 'Votre commande est annulée et votre paiement vous sera remboursé : la boutique vous appelle pour convenir du remboursement.',
  refunded: 'Votre commande est annulée et votre paiement vous a été remboursé.',
};
const CANCELLED: Record<NonNullable<PaymentState['cancel_reason']> | 'other', string> = {
  hold_expired:
    'Cette commande est annulée : le paiement n’a pas été reçu à temps et ses articles ont été remis en vente. Vous pouvez commander à nouveau.',
  shopper: 'Cette commande est annulée à votre demande : il n’y a rien à payer.',
  retailer: 'Cette commande a été annulée par la boutique : il n’y a rien à payer.',
  parent: 'Cette commande à crédit a été refusée par votre compte parent : il n’y a rien à payer.',
  other: 'Cette commande est annulée : il n’y a rien à payer.',
};
const NOT_STARTED =
  'Le paiement en ligne n’a pas pu démarrer : le service de paiement n’a pas répondu. Votre commande est bien enregistrée : réessayez, ou payez à la livraison.';
const GAVE_UP = 'Le paiement n’est pas encore confirmé. La boutique vous confirmera votre commande par SMS dès qu’il arrive.';

// An order paid 'En ligne' that is neither cancelled nor delivered: the only kind a shopper pays again or resumes.
const openOnline = (p: PaymentState) => p.payment_mode === 'online' && p.state !== 'cancel' && p.state !== 'delivered';

/** Whether the shopper may pay again or switch to delivery: a payment that ended without money, or one that never started. */
export const canRetry = (p: PaymentState) =>
  openOnline(p) &&
  (p.payment_status === 'failed' || p.payment_status === 'cancelled' || (p.payment_status === 'pending' && !p.checkout_open));

/** Whether the provider may still confirm the payment, so the screen asks again. */
export const awaitsProvider = (p: PaymentState) => p.payment_status === 'pending' && p.checkout_open;

/**
 * Whether a payment the provider may still confirm can be taken up again or switched to delivery meanwhile: the page
 * left for the provider's was closed, and the shopper is not left waiting without a way on.
 */
export const canResume = (p: PaymentState) => openOnline(p) && awaitsProvider(p);

/** Where a shopper follows an order by its reference (§2 `/tracking-order`), the way on when nothing else is known. */
export const trackingHref = (reference: string) => `/tracking-order?ref=${encodeURIComponent(reference)}`;

/** The payment as drawn: heading and its tone, sentence, reference, amount, the order's link, and whether to offer paying again. */
export interface PaymentView {
  title: string;
  tone: 'paid' | 'waiting' | 'trouble';
  text: string;
  reference: string;
  /** What 'Payer maintenant' pays: the total, or for an order paid by instalments the next one ('Première tranche (30 %) — 129 000 F CFA'). */
  amount: string;
  /** For an order paid by instalments: already paid and still to pay; null otherwise. */
  progress: { paid: string; left: string } | null;
  /** « Mes échéances » (the profile's section), for the owner of an order paid by instalments; null otherwise. */
  instalmentsHref: string | null;
  orderHref: string;
  /** 'Payer maintenant' and 'Payer à la livraison': the payment ended without money or never started. */
  retry: boolean;
  /** 'Réessayer le paiement' and 'Payer à la livraison' beside the wait: the provider may still confirm. */
  resume: boolean;
  /**
   * Who 'Payer maintenant' pays, among the providers the shop offers: the open session's, else the one chosen in this
   * browser, else the first; null when the shop offers none (only 'Payer à la livraison').
   */
  provider: PaymentProviderChoice | null;
  /** The provider offered instead ('Payer avec Orange Money', 'Payer avec Wave'); null when the shop offers no other. */
  other: PaymentProviderChoice | null;
}

/** Where « Mes échéances » is: the profile's section (§6). */
export const MY_INSTALMENTS_HREF = '/profile#mes-echeances';

const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** The heading and sentence of an order paid by instalments, when its instalments say more than its payment status; null otherwise. */
function instalmentWords(
  p: PaymentState,
  ins: InstalmentProgress,
  retry: boolean,
): { title: string; tone: PaymentView['tone']; text: string } | null {
  if (p.state === 'cancel') return null;
  if (!ins.next)
    return {
      title: 'Tout est payé',
      tone: 'paid',
      text: `Tout est payé : les ${ins.count} échéances de votre commande sont réglées. Merci !`,
    };
  // When it falls due, in words: 'le 5 janvier 2027', 'à la livraison' (a pre-order's last tranche).
  const due = dueText({ percent: p.type_sale === 'preorder' ? 0 : null, due_on: ins.next.due_on });
  const next = `Prochaine échéance : ${ins.next.label}, ${formatFCFA(ins.next.amount)}${due ? `, ${due}` : ''}.`;
  // A credit order pays nothing before its parent account and the shop approve it.
  if (p.type_sale === 'creditorder' && p.state === 'sale')
    return { title: 'En attente d’accord', tone: 'waiting', text: INSTALMENT_TEXT.awaitingApproval };
  if (awaitsProvider(p))
    return {
      title: paymentStatusLabels.pending,
      tone: 'waiting',
      text: `Nous attendons la confirmation du paiement de votre ${lower(ins.next.label)}. Cette page se met à jour toute seule.`,
    };
  if (ins.last_paid)
    return {
      title: `${ins.paid_count} échéance${ins.paid_count > 1 ? 's payées' : ' payée'} sur ${ins.count}`,
      tone: 'paid',
      text: `Votre ${lower(ins.last_paid.label)} est payée. ${next}`,
    };
  if (p.payment_status === 'unpaid')
    return { title: paymentStatusLabels.unpaid, tone: 'waiting', text: `Cette commande se paie une échéance à la fois. ${next}` };
  // Nothing paid yet and no payment under way: what is paid online now is the first instalment.
  if (retry && p.payment_status === 'pending')
    return {
      title: paymentStatusLabels.pending,
      tone: 'trouble',
      text: `${NOT_STARTED} Le paiement en ligne règle votre ${lower(ins.next.label)}, ${formatFCFA(ins.next.amount)}.`,
    };
  return null;
}

/**
 * The view of the server's answer; `gaveUp` once the screen stopped asking about a payment still pending; `chosen`, the
 * provider this browser chose for the order (§3 `payment`), if any; `offered`, the providers the shop offers.
 */
export function paymentView(
  p: PaymentState,
  gaveUp: boolean,
  chosen?: PaymentProviderChoice,
  offered: readonly PaymentProviderChoice[] = paymentProviders,
): PaymentView {
  const retry = canRetry(p);
  const provider = [p.provider, chosen].find((x) => !!x && offered.includes(x)) ?? offered[0] ?? null;
  const tone =
    p.payment_status === 'paid'
      ? 'paid'
      : (p.payment_status === 'pending' && !retry) || p.payment_status === 'unpaid'
        ? 'waiting'
        : 'trouble';
  const ins = p.instalments ?? null;
  const words = ins && !gaveUp ? instalmentWords(p, ins, retry) : null;
  return {
    title: words?.title ?? paymentStatusLabels[p.payment_status],
    tone: words?.tone ?? tone,
    text: words
      ? words.text
      : gaveUp
        ? GAVE_UP
        : p.payment_status === 'pending' && retry
          ? NOT_STARTED
          : p.state === 'cancel' && !['refund_due', 'refunded'].includes(p.payment_status)
            ? CANCELLED[p.cancel_reason ?? 'other']
            : TEXT[p.payment_status],
    reference: p.reference,
    amount: ins?.next && p.state !== 'cancel' ? `${ins.next.label} — ${formatFCFA(ins.next.amount)}` : formatFCFA(p.amount_total),
    progress: ins ? { paid: formatFCFA(ins.amount_paid), left: formatFCFA(ins.amount_left) } : null,
    instalmentsHref: ins && p.id !== null ? MY_INSTALMENTS_HREF : null,
    orderHref: p.id ? orderDetailsPath(p.type_sale, p.id) : trackingHref(p.reference),
    retry,
    resume: !retry && canResume(p),
    provider,
    other: offered.find((x) => x !== provider) ?? null,
  };
}
