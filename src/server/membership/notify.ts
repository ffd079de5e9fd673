/** The notices of a membership request (§6): by e-mail and SMS where the account has them; a failure is logged, never undoes the request. */
import type { Mailer } from '../mail/mailer.ts';
import { membershipEmail, membershipSms, type MembershipNotice } from '../mail/membership-templates.ts';

/** Who to tell: the account's contacts. */
export interface NoticeContact {
  email: string | null;
  partnerPhone: string | null;
}

/** Sends what it can to `to`; resolves once both channels have been tried (callers do not wait: `void notifyMembership(...)`). */
export async function notifyMembership(
  deps: { mailer?: Mailer; siteUrl?: string; log: (line: string) => void },
  to: NoticeContact,
  notice: MembershipNotice,
): Promise<void> {
  const { mailer, siteUrl = '', log } = deps;
  if (!mailer) return;
  const tries: Array<Promise<void>> = [];
  if (to.email) tries.push(mailer.email({ to: to.email, ...membershipEmail(notice, siteUrl) }));
  if (to.partnerPhone) tries.push(mailer.sms({ to: to.partnerPhone, text: membershipSms(notice, siteUrl) }));
  for (const r of await Promise.allSettled(tries))
    if (r.status === 'rejected') log(`[adhésion] avis « ${notice.event} » non envoyé : ${(r.reason as Error)?.message ?? r.reason}`);
}
