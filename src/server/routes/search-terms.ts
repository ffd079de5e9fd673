/**
 * `POST /api/termeRecherche` (spec §7 "CRM and search tracking"): stores a search term and counts it for its day, rate-limited
 * per visitor; a term that finds no product is counted as a miss too. `POST /api/termeRecherche/sans-resultat`: the suggestion
 * box's miss, counted when the catalogue indeed has nothing for it.
 */
import { sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { searchTermSchema } from '../../domain/search-terms.ts';
import * as z from '../../domain/zod.ts';
import type { AppEnv } from '../context.ts';
import { searchTermDays, searchTerms } from '../db/schema-search.ts';
import { countMiss, searchFinds } from '../db/search-misses.ts';
import { addressKey, clientAddress } from '../http/client-address.ts';
import { databaseLimiter, tooMany } from '../http/rate-limit.ts';
import { validate } from '../http/validate.ts';

/** At most this many terms per visitor per window. */
export const TERMS_PER_WINDOW = 20;
/** At most this many per address per window: looser, as many shoppers may share one address. */
export const TERMS_PER_ADDRESS = 200;
export const WINDOW_SECONDS = 60;

const GUEST_ID = /^[\w-]{8,64}$/;
const TOO_MANY = 'Trop de recherches en peu de temps : veuillez réessayer dans une minute.';

// The signed-in user, else the guest id the storefront sends, else the client's address.
function visitorOf(c: Context<AppEnv>, address: string): string {
  if (c.var.principal) return `user:${c.var.principal.id}`;
  const guest = c.req.header('guest-id')?.trim();
  if (guest && GUEST_ID.test(guest)) return `guest:${guest}`;
  return `ip:${address}`;
}

/** The counting key of a term: trimmed and lower-cased, as the back office groups them. */
const termKey = (terme: string) => terme.trim().toLowerCase();

/** Seconds to wait before this visitor may send another term (0: now), counting this one. */
async function waitOf(c: Context<AppEnv>): Promise<number> {
  const { db } = c.var.deps;
  const address = addressKey(c);
  return (
    (await databaseLimiter(db, 'terms:address', TERMS_PER_ADDRESS, WINDOW_SECONDS)(address)) ||
    (await databaseLimiter(db, 'terms:visitor', TERMS_PER_WINDOW, WINDOW_SECONDS)(visitorOf(c, address)))
  );
}

const missSchema = z.pick(searchTermSchema, { terme: true });

/** The search-term sub-app, mounted at `/api/termeRecherche`; its limits live in the database, shared by every instance. */
export const searchTermRoutes = new Hono<AppEnv>()
  .post('/sans-resultat', validate('json', missSchema), async (c) => {
    const { db, now } = c.var.deps;
    const { terme } = c.req.valid('json');
    const wait = await waitOf(c);
    if (wait > 0) return tooMany(c, wait, TOO_MANY);
    // The shopper's word is checked, not taken: only what finds nothing now is counted.
    if (await searchFinds(db, terme)) return c.json({ message: 'Cette recherche trouve des produits.', terme, compte: false });
    await countMiss(db, terme, now());
    return c.json({ message: 'Recherche sans résultat enregistrée.', terme, compte: true }, 201);
  })
  .post('/', validate('json', searchTermSchema), async (c) => {
    const { db, now } = c.var.deps;
    const body = c.req.valid('json');
    const address = addressKey(c);
    const visitor = visitorOf(c, address);
    const wait = await waitOf(c);
    if (wait > 0) return tooMany(c, wait, TOO_MANY);
    const at = now();
    await db.transaction(async (tx) => {
      await tx.insert(searchTerms).values({ terme: body.terme, source: body.source, visitor, ip: clientAddress(c), createdAt: at });
      await tx
        .insert(searchTermDays)
        .values({ day: at.toISOString().slice(0, 10), terme: termKey(body.terme), count: 1 })
        .onConflictDoUpdate({ target: [searchTermDays.day, searchTermDays.terme], set: { count: sql`${searchTermDays.count} + 1` } });
    });
    if (!(await searchFinds(db, body.terme))) await countMiss(db, body.terme, at);
    return c.json({ message: 'Terme de recherche enregistré.', terme: body.terme, source: body.source }, 201);
  });
