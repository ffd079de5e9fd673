/** Server guard of the back office: a visitor goes to /login, a logged-in non-admin gets a 404, an admin the page (never cached). */
import type { AstroGlobal } from 'astro';
import { requireAuth } from '../account/RequireAuth.ts';
import { COOKIE_SUFFIX, cookieName } from '../account/session-cookies.ts';
import { apiBaseURL } from '../catalogue/server-data.ts';

/**
 * Use in the frontmatter of an `/admin` page with `export const prerender = false`:
 * `const guard = await requireAdmin(Astro); if (guard) return guard;`
 */
export async function requireAdmin(astro: AstroGlobal): Promise<Response | null> {
  astro.response.headers.set('Cache-Control', 'no-store');
  const visitor = requireAuth(astro);
  if (visitor instanceof Response) return visitor;
  const token = astro.cookies.get(cookieName('token', COOKIE_SUFFIX))?.value;
  const res = token
    ? await fetch(`${apiBaseURL()}/api/auth/admin`, { headers: { 'Access-Token': token }, signal: AbortSignal.timeout(5000) }).catch(
        () => null,
      )
    : null;
  if (res?.status === 204) return null;
  if (!res || res.status === 401)
    return astro.redirect(`/login?redirect=${encodeURIComponent(astro.url.pathname + astro.url.search)}`, 302);
  return notFound();
}

/** The shop's own 404 page (prerendered, so read from this server), with a 404 status: for them, the back office does not exist. */
export async function notFound(): Promise<Response> {
  const page = await fetch(`${apiBaseURL()}/404.html`, { signal: AbortSignal.timeout(5000) }).then(
    (r) => (r.ok ? r.text() : null),
    () => null,
  );
  return new Response(page ?? 'Page introuvable', {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
