/** `POST /api/termeRecherche` (spec §7 "CRM and search tracking"): stores a search term, rate-limited per visitor. */
import { and, count, eq, gt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { searchTermSchema } from '../../domain/search-terms.ts';
import type { AppEnv } from '../context.ts';
import { searchTerms } from '../db/schema-search.ts';
import { validate } from '../http/validate.ts';

/** At most this many terms per visitor per window. */
export const TERMS_PER_WINDOW = 20;
export const WINDOW_SECONDS = 60;

const GUEST_ID = /^[\w-]{1,64}$/;

// The signed-in user, else the socket's address, else the guest id the storefront sends: the limit counts per key.
function visitorOf(c: Context<AppEnv>): string {
  if (c.var.principal) return `user:${c.var.principal.id}`;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const ip = incoming?.socket?.remoteAddress;
  if (ip) return `ip:${ip}`;
  const guest = c.req.header('guest-id')?.trim();
  return guest && GUEST_ID.test(guest) ? `guest:${guest}` : 'inconnu';
}

/** The search-term sub-app, mounted at `/api/termeRecherche`. */
export const searchTermRoutes = new Hono<AppEnv>().post('/', validate('json', searchTermSchema), async (c) => {
  const { db, now } = c.var.deps;
  const body = c.req.valid('json');
  const visitor = visitorOf(c);
  const since = new Date(now().getTime() - WINDOW_SECONDS * 1000);
  const [row] = await db.select({ n: count() }).from(searchTerms).where(and(eq(searchTerms.visitor, visitor), gt(searchTerms.createdAt, since)));
  if ((row?.n ?? 0) >= TERMS_PER_WINDOW) {
    c.header('Retry-After', String(WINDOW_SECONDS));
    return c.json({ message: 'Trop de recherches en peu de temps : veuillez réessayer dans une minute.' }, 429);
  }
  await db.insert(searchTerms).values({ terme: body.terme, source: body.source, visitor, createdAt: now() });
  return c.json({ message: 'Terme de recherche enregistré.', terme: body.terme, source: body.source }, 201);
});
