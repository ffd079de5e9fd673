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
    ? await fetch(`${apiBaseURL()}/api/auth/admin`, { headers: { 'Access-Token': token }, signal: AbortSignal.timeout(15_000) }).catch(
        () => 'no answer' as const,
      )
    : null;
  if (res === 'no answer') return unavailable(astro.url);
  if (res?.status === 204) return null;
  if (!res || res.status === 401)
    return astro.redirect(`/login?redirect=${encodeURIComponent(astro.url.pathname + astro.url.search)}`, 302);
  return notFound();
}

/** The session could not be checked (the API did not answer in time): say so and offer to try again, never send an admin to log in anew. */
function unavailable(url: URL): Response {
  // A URL's path and query come percent-encoded; only `&` needs its entity inside the attribute.
  const again = (url.pathname + url.search).replaceAll('&', '&amp;');
  const page = `<!doctype html><html lang="fr"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Back-office indisponible | Boutique</title><main><h1>Le back-office ne répond pas pour le moment</h1><p>Votre session n’a pas pu être vérifiée : la boutique met du temps à répondre. Réessayez dans un instant.</p><p><a href="${again}">Réessayer</a></p></main></html>`;
  return new Response(page, {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' },
  });
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
