/** Account helpers without zod (§8 login, throttling): the login screen shows them before its validator loads. */

/** A wait in French words, rounded up: '45 secondes', '1 minute', '3 heures'. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const [n, unit] = s < 60 ? [s, 'seconde'] : s < 3600 ? [Math.ceil(s / 60), 'minute'] : [Math.ceil(s / 3600), 'heure'];
  return `${n} ${unit}${n > 1 ? 's' : ''}`;
}

/** Where login may send the user back: a path of this site only (never `//host`, `\\`, or another origin); '/' otherwise. */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return '/';
  try {
    const url = new URL(raw, 'http://boutique.invalid');
    if (url.origin !== 'http://boutique.invalid') return '/';
    return url.pathname + url.search + url.hash;
  } catch {
    return '/';
  }
}

/** The contact fields whose change waits for a code sent to the new value (§7 profile updates). */
export const CONTACT_FIELDS = ['email', 'partner_phone'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** §9: a code is four digits. */
export const OTP_LENGTH = 4;

/** The password rule shown beside the field (§8). */
export const PASSWORD_RULE = 'Au moins 8 caractères, dont une lettre et un chiffre.';

/** What the login screen's address says (§2 `/login`): the contact to fill in, where to go once in, a success line, a logout. */
export interface LoginQuery {
  mail: string;
  redirect: string;
  notice?: string;
  logout: boolean;
}

/** Reads `?mail=`, `?redirect=` (same-site paths only), `?verified=1`, `?reset=1` and `?logout=1`. */
export function loginQuery(q: URLSearchParams): LoginQuery {
  const notice =
    q.get('reset') === '1'
      ? 'Mot de passe modifié. Connectez-vous avec le nouveau mot de passe.'
      : q.get('verified') === '1'
        ? 'Vérification code réussie ! Vous pouvez vous connecter.'
        : undefined;
  return {
    mail: q.get('mail') ?? '',
    redirect: safeRedirect(q.get('redirect')),
    ...(notice ? { notice } : {}),
    logout: q.get('logout') === '1',
  };
}
