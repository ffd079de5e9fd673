/** Server guard of the §2 protected routes: without a verified session cookie, 302 to /login?redirect=<this page>. */
import type { AstroGlobal } from 'astro';
import { isCreditMember } from '../../domain/credit.ts';
import { COOKIE_SUFFIX, cookieName, decodeUserInfo, hasVerifiedSession } from './session-cookies.ts';

/** What a protected page learns about its visitor (the credit cart reserves its lines' room for a member). */
export interface Visitor {
  loggedIn: true;
  creditMember: boolean;
}

/**
 * Use in the frontmatter of a page with `export const prerender = false`:
 * `const guard = requireAuth(Astro); if (guard instanceof Response) return guard;`
 * The page is never rendered for a visitor, so nothing protected flashes.
 */
export function requireAuth(astro: Pick<AstroGlobal, 'cookies' | 'url' | 'redirect'>): Response | Visitor {
  const get = (name: string) => astro.cookies.get(name)?.value;
  if (!hasVerifiedSession(get)) {
    return astro.redirect(`/login?redirect=${encodeURIComponent(astro.url.pathname + astro.url.search)}`, 302);
  }
  // A damaged cookie decodes to null: not a member (the same rule as the layout head's member-marks.ts).
  const creditMember = isCreditMember(decodeUserInfo(get(cookieName('user_info', COOKIE_SUFFIX))));
  return { loggedIn: true, creditMember };
}
