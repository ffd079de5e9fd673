/** French texts of the account messages. */
import { SHOP } from '../../config/shop.ts';
import { formatDate, formatDateTime } from '../../domain/dates.ts';
import { creditPaymentText } from '../../domain/credit-approval.ts';
import { holdEndReason } from '../../domain/holds.ts';
import { formatFCFA } from '../../domain/money.ts';
import { welcomeLabel } from '../../domain/welcome.ts';
import { dueText, instalmentLabel } from '../../domain/schedule.ts';

/** Why a code is sent. */
export type CodePurpose = 'verify' | 'reset' | 'email' | 'phone';

// What each code is for, in the e-mail and in the text.
const CODE_USE = {
  verify: {
    subject: 'votre code de vérification',
    intro: (shop: string) => `Bienvenue chez ${shop} ! Votre code de vérification est`,
    ignore: 'Si vous n’avez pas créé de compte, ignorez ce message.',
    sms: 'votre code de vérification',
  },
  reset: {
    subject: 'réinitialisation de votre mot de passe',
    intro: () => 'Votre code de réinitialisation du mot de passe est',
    ignore: 'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.',
    sms: 'votre code de réinitialisation',
  },
  email: {
    subject: 'confirmez votre nouvelle adresse e-mail',
    intro: () => 'Pour faire de cette adresse celle de votre compte, saisissez le code',
    ignore: 'Si vous n’avez rien demandé, ignorez ce message : rien ne change.',
    sms: 'votre code pour confirmer cette adresse',
  },
  phone: {
    subject: 'confirmez votre nouveau numéro',
    intro: () => 'Pour faire de ce numéro celui de votre compte, saisissez le code',
    ignore: 'Si vous n’avez rien demandé, ignorez ce message : rien ne change.',
    sms: 'votre code pour confirmer ce numéro',
  },
} as const;

/** The e-mail carrying a code. */
export function codeEmail(purpose: CodePurpose, name: string, code: string): { subject: string; text: string } {
  const use = CODE_USE[purpose];
  return {
    subject: `${SHOP.name} : ${use.subject}`,
    text: `Bonjour ${name},\n\n${use.intro(SHOP.name)} : ${code}\n\nIl est valable 10 minutes et ne sert qu’une fois. ${use.ignore}\n\nL’équipe ${SHOP.name}`,
  };
}

/** The text message carrying a code. */
export function codeSms(purpose: CodePurpose, code: string): string {
  return `${SHOP.name} : ${CODE_USE[purpose].sms} est ${code} (valable 10 min).`;
}

/** The e-mail telling the old address that the account now uses another one. */
export function emailChangedNotice(name: string, newEmail: string): { subject: string; text: string } {
  return {
    subject: `${SHOP.name} : l’adresse e-mail de votre compte a changé`,
    text: `Bonjour ${name},\n\nVotre compte ${SHOP.name} utilise désormais l’adresse ${newEmail}. Si ce n’est pas vous, répondez à ce message ou appelez-nous : nous rétablirons votre accès.\n\nL’équipe ${SHOP.name}`,
  };
}

/** What an order confirmation says: the order as answered by the order calls. */
export interface ConfirmedOrder {
  reference: string;
  amount_total: number;
  /** The welcome offer taken off the lines (0: none). */
  welcome_reduction: number;
  type_sale: 'order' | 'preorder' | 'creditorder';
  payment_mode: 'domicile' | 'online';
  name: string | null;
  order_lines: ReadonlyArray<{ name: string; quantity: number; price_subtotal: number }>;
  tranches: ReadonlyArray<{ number: number; percent: number | null; amount: number; due_on?: string | null }>;
  credit?: { months: number } | null;
  /** When its stock is given back unless paid (online) or confirmed (cash) first. */
  hold_until: string | null;
  /** Lets the shopper pay from the message's link without an account. */
  payment_token?: string;
}

/** `/payment-state` of an order with its token, as messages link it. */
const paymentLink = (siteUrl: string, reference: string, token: string) =>
  `${siteUrl}/payment-state?ref=${encodeURIComponent(reference)}&t=${token}`;

/** §4: what a pre-order paid online pays now, its first tranche ('la première tranche (30 %), 129 000 F CFA'); null for any other order. */
function firstTrancheNow(order: ConfirmedOrder): string | null {
  const first = order.type_sale === 'preorder' && order.payment_mode === 'online' ? order.tranches.find((t) => t.number === 1) : undefined;
  if (!first) return null;
  const label = instalmentLabel(first, null);
  return `la ${label.charAt(0).toLowerCase()}${label.slice(1)}, ${plain(first.amount)}`;
}

/** What the shopper must do, and by when, for the order to keep its articles. */
function holdLine(order: ConfirmedOrder, siteUrl: string): string[] {
  const by = order.hold_until ? formatDateTime(order.hold_until) : '';
  if (order.payment_mode === 'online') {
    const link = order.payment_token
      ? paymentLink(siteUrl, order.reference, order.payment_token)
      : `${siteUrl}/payment-state?ref=${order.reference}`;
    const now = firstTrancheNow(order);
    return [
      ...(now ? [`Vous payez en ligne une tranche à la fois : maintenant ${now}.`] : []),
      `Payer en ligne : ${link}`,
      ...(by ? [`Vos articles vous sont réservés jusqu’au ${by} : sans paiement d’ici là, la commande est annulée.`] : []),
    ];
  }
  if (order.credit)
    return by
      ? [`Vos articles vous sont réservés jusqu’au ${by}, le temps que la boutique et votre compte parent valident la commande.`]
      : [];
  return by ? [`Vos articles vous sont réservés jusqu’au ${by}, le temps que nous vous appelions pour confirmer.`] : [];
}

// Texts travel best in plain spaces: the narrow no-break space of French number formatting turns an SMS into UCS-2.
const plain = (amount: number) => formatFCFA(amount).replace(/[\u202f\u00a0]/g, ' ');
/** An e-mail's text: the greeting, `body`, and the team's signature, each apart. */
export const letter = (name: string | null, body: string[]) =>
  [`Bonjour${name ? ` ${name}` : ''},`, '', ...body, '', `L’équipe ${SHOP.name}`].join('\n');
const kindLabel = { order: 'commande', preorder: 'pré-commande', creditorder: 'commande à crédit' } as const;

/** The e-mail confirming an order, with its reference, lines, total and how to follow it. */
export function orderEmail(order: ConfirmedOrder, siteUrl: string): { subject: string; text: string } {
  const lines = order.order_lines.map((l) => `- ${l.quantity} × ${l.name} : ${plain(l.price_subtotal)}`);
  const tranches = order.tranches.map((t) => {
    const due = dueText(t);
    return `- ${instalmentLabel(t, order.credit?.months ?? null)}${due ? `, ${due}` : ''} : ${plain(t.amount)}`;
  });
  return {
    subject: `${SHOP.name} : votre ${kindLabel[order.type_sale]} ${order.reference} est enregistrée`,
    text: letter(order.name, [
      order.credit
        ? `Merci pour votre commande à crédit chez ${SHOP.name} ! Nous l’avons bien reçue : elle sera confirmée dès que la boutique et votre compte parent l’auront validée.`
        : `Merci pour votre ${kindLabel[order.type_sale]} chez ${SHOP.name} ! Nous l’avons bien reçue et vous appelons pour confirmer la livraison.`,
      '',
      `Référence : ${order.reference}`,
      ...lines,
      ...(order.welcome_reduction > 0 ? [welcomeLabel(order.welcome_reduction)] : []),
      `Total : ${plain(order.amount_total)}`,
      `Paiement : ${order.credit ? creditPaymentText(order.credit.months).replace('Paiement en', 'en') : order.payment_mode === 'online' ? 'en ligne' : 'à la livraison'}`,
      ...holdLine(order, siteUrl),
      ...(tranches.length ? ['', order.type_sale === 'creditorder' ? 'Vos mensualités :' : 'Vos tranches :', ...tranches] : []),
      '',
      `Livraison gratuite à Dakar. Suivez votre commande sur ${siteUrl}/tracking-order avec cette référence et votre téléphone.`,
    ]),
  };
}

/** The text message confirming an order; an online one carries its payment link. */
export function orderSms(order: ConfirmedOrder, siteUrl: string): string {
  const head = `${SHOP.name} : ${kindLabel[order.type_sale]} ${order.reference} enregistrée, total ${plain(order.amount_total)}.`;
  const now = firstTrancheNow(order);
  if (now && order.payment_token) return `${head} Payez en ligne ${now} : ${paymentLink(siteUrl, order.reference, order.payment_token)}`;
  if (order.payment_mode === 'online' && order.payment_token && order.hold_until) {
    return `${head} Payez avant le ${formatDateTime(order.hold_until)} : ${paymentLink(siteUrl, order.reference, order.payment_token)}`;
  }
  return `${head} Suivi : ${siteUrl}/tracking-order`;
}

/** An order cancelled because its hold ended: what happened, and that the shopper may order again. */
export interface EndedHold {
  reference: string;
  name: string | null;
  payment_mode: 'domicile' | 'online';
  /** A credit order's hold ends for want of its approvals (§6). */
  type_sale?: 'order' | 'preorder' | 'creditorder';
}

/** The e-mail telling a shopper their order was cancelled at the end of its hold. */
export function holdEndedEmail(order: EndedHold, siteUrl: string): { subject: string; text: string } {
  return {
    subject: `${SHOP.name} : votre commande ${order.reference} est annulée`,
    text: letter(order.name, [
      `Votre commande ${order.reference} est annulée : ${holdEndReason(order.payment_mode, order.type_sale)}. Ses articles sont remis en vente et rien ne vous sera demandé.`,
      '',
      `Vous pouvez commander à nouveau sur ${siteUrl}/boutique, ou nous appeler au ${SHOP.phones[0]!.display}.`,
    ]),
  };
}

/** The text telling a shopper their order was cancelled at the end of its hold. */
export function holdEndedSms(order: EndedHold, siteUrl: string): string {
  return `${SHOP.name} : commande ${order.reference} annulée, ${holdEndReason(order.payment_mode, order.type_sale)}. Commandez à nouveau : ${siteUrl}/boutique`;
}

/** An instalment reminded (src/domain/reminders.ts): its order, how it is named, its amount and due day. */
export interface RemindedInstalmentText {
  kind: 'before' | 'overdue';
  reference: string;
  name: string | null;
  /** instalmentLabel: 'Mensualité 2 sur 6', 'Deuxième tranche (30 %)'. */
  label: string;
  amount: number;
  due_on: string;
}

// Texts keep to the GSM alphabet (é, è, à are in it; no curly apostrophe, ê, ç nor narrow space, which make an SMS UCS-2).
const plainDate = (day: string) => formatDate(`${day}T12:00:00Z`).replace(/[\u202f\u00a0]/g, ' ');

/** The text reminding an instalment: three days before its due day, or the day after it was missed. */
export function reminderSms(r: RemindedInstalmentText, siteUrl: string): string {
  const what = `${r.label} de ${r.reference}, ${plain(r.amount)}`;
  const when = r.kind === 'before' ? `à payer le ${plainDate(r.due_on)}` : `impayée depuis le ${plainDate(r.due_on)}`;
  return `${SHOP.name} : ${what}, ${when}. Payez sur ${siteUrl}/profile (Mes échéances).`;
}

/** The e-mail reminding an instalment. */
export function reminderEmail(r: RemindedInstalmentText, siteUrl: string): { subject: string; text: string } {
  const due = plainDate(r.due_on);
  return {
    subject:
      r.kind === 'before'
        ? `${SHOP.name} : échéance du ${due} pour la commande ${r.reference}`
        : `${SHOP.name} : échéance du ${due} impayée pour la commande ${r.reference}`,
    text: letter(r.name, [
      r.kind === 'before'
        ? `Pour votre commande ${r.reference}, la ${r.label.toLowerCase()} de ${plain(r.amount)} est à payer le ${due}.`
        : `Pour votre commande ${r.reference}, la ${r.label.toLowerCase()} de ${plain(r.amount)} était à payer le ${due} et nous n’avons pas reçu son paiement.`,
      '',
      `Vous pouvez la payer en ligne (Wave, Orange Money) depuis « Mes échéances » dans votre profil : ${siteUrl}/profile. Si vous l’avez déjà réglée, ne tenez pas compte de ce message.`,
      '',
      `Une question ? Appelez-nous au ${SHOP.phones[0]!.display}.`,
    ]),
  };
}
