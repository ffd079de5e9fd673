/** `POST /api/termeRecherche` (spec §7 "CRM and search tracking"): stores a search term, rate-limited per visitor. */
import { and, count, eq, gt, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { searchTermSchema } from '../../domain/search-terms.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/client.ts';
import { searchTerms } from '../db/schema-search.ts';
import { validate } from '../http/validate.ts';

/** At most this many terms per visitor per window. */
export const TERMS_PER_WINDOW = 20;
/** At most this many per connection address per window: looser, as many shoppers may share one address. */
export const TERMS_PER_ADDRESS = 200;
export const WINDOW_SECONDS = 60;

const GUEST_ID = /^[\w-]{8,64}$/;
const TOO_MANY = { message: 'Trop de recherches en peu de temps : veuillez réessayer dans une minute.' };

function addressOf(c: Context<AppEnv>): string | null {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? null;
}

// The signed-in user, else the guest id the storefront sends, else the connection's address.
function visitorOf(c: Context<AppEnv>, ip: string | null): string {
  if (c.var.principal) return `user:${c.var.principal.id}`;
  const guest = c.req.header('guest-id')?.trim();
  if (guest && GUEST_ID.test(guest)) return `guest:${guest}`;
  return ip ? `ip:${ip}` : 'inconnu';
}

async function recent(db: Db, where: SQL, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(searchTerms).where(and(where, gt(searchTerms.createdAt, since)));
  return row?.n ?? 0;
}

/** The search-term sub-app, mounted at `/api/termeRecherche`. */
export const searchTermRoutes = new Hono<AppEnv>().post('/', validate('json', searchTermSchema), async (c) => {
  const { db, now } = c.var.deps;
  const body = c.req.valid('json');
  const ip = addressOf(c);
  const visitor = visitorOf(c, ip);
  const since = new Date(now().getTime() - WINDOW_SECONDS * 1000);
  const over = (await recent(db, eq(searchTerms.visitor, visitor), since)) >= TERMS_PER_WINDOW
    || (ip !== null && (await recent(db, eq(searchTerms.ip, ip), since)) >= TERMS_PER_ADDRESS);
  if (over) {
    c.header('Retry-After', String(WINDOW_SECONDS));
    return c.json(TOO_MANY, 429);
  }
  await db.insert(searchTerms).values({ terme: body.terme, source: body.source, visitor, ip, createdAt: now() });
  return c.json({ message: 'Terme de recherche enregistré.', terme: body.terme, source: body.source }, 201);
});
