/** Server guard of the §2 protected routes: without a verified session cookie, 302 to /login?redirect=<this page>. */
import type { AstroGlobal } from 'astro';
import { COOKIE_SUFFIX, cookieName, hasVerifiedSession, parseCookies } from './session-cookies.ts';

/** What a protected page learns about its visitor (for the header's first render). */
export interface Visitor { loggedIn: true; creditMember: boolean }

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
  let creditMember = false;
  try {
    const info = JSON.parse(get(cookieName('user_info', COOKIE_SUFFIX)) ?? 'null') as { adhesion?: unknown } | null;
    creditMember = info?.adhesion === 'accepted';
  } catch {
    // A damaged cookie only hides the credit icon until the island reads the session.
  }
  return { loggedIn: true, creditMember };
}

/** Alias for the collections engineer's pages (/credit-cart): same guard. */
export const RequireAuth = requireAuth;
export { parseCookies };
