/** French texts of the membership notices (§6 credit members): request received, accepted, refused. */
import { SHOP } from '../../config/shop.ts';

/** What a notice names: the applicant, the decision and, once decided, the reason or the parent account. */
export interface MembershipNotice {
  name: string;
  event: 'sent' | 'accepted' | 'refused';
  reason?: string | null;
  organisation?: string | null;
}

function body(n: MembershipNotice, siteUrl: string): { subject: string; sms: string; lines: string[] } {
  const profile = `${siteUrl}/profile`;
  if (n.event === 'sent')
    return {
      subject: 'votre demande d’adhésion au crédit est envoyée',
      sms: `${SHOP.name} : demande d’adhésion au crédit reçue. Nous l’examinons et vous prévenons par SMS et e-mail.`,
      lines: [
        'Nous avons bien reçu votre demande d’adhésion au crédit et ses documents.',
        'Nous l’examinons et vous prévenons de notre décision par SMS et par e-mail.',
      ],
    };
  if (n.event === 'accepted')
    return {
      subject: 'votre adhésion au crédit est acceptée',
      sms: `${SHOP.name} : adhésion au crédit acceptée${n.organisation ? ` (compte parent : ${n.organisation})` : ''}. Vous pouvez commander « À crédit » : ${siteUrl}/credit-cart`,
      lines: [
        `Votre adhésion au crédit est acceptée${n.organisation ? `, rattachée au compte parent ${n.organisation}` : ''}.`,
        'Vous pouvez désormais commander les produits marqués « À crédit » et payer en mensualités.',
        `Votre profil : ${profile}`,
      ],
    };
  return {
    subject: 'votre demande d’adhésion au crédit est refusée',
    sms: `${SHOP.name} : demande d’adhésion au crédit refusée. Motif : ${n.reason ?? '—'}. Vous pouvez refaire une demande : ${profile}`,
    lines: [
      'Nous ne pouvons pas accepter votre demande d’adhésion au crédit.',
      `Motif : ${n.reason ?? '—'}`,
      `Vous pouvez refaire une demande depuis votre profil : ${profile}`,
    ],
  };
}

/** The e-mail of a notice. */
export function membershipEmail(n: MembershipNotice, siteUrl: string): { subject: string; text: string } {
  const b = body(n, siteUrl);
  return { subject: `${SHOP.name} : ${b.subject}`, text: [`Bonjour ${n.name},`, '', ...b.lines, '', `L’équipe ${SHOP.name}`].join('\n') };
}

/** The text message of a notice. */
export const membershipSms = (n: MembershipNotice, siteUrl: string): string => body(n, siteUrl).sms;
