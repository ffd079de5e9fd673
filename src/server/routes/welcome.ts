/**
 * The welcome offer's calls (§1, §9): `GET /api/offre-bienvenue` (its terms and whether the caller's next order gets it),
 * `GET`/`PUT /api/admin/offre-bienvenue` (the retailer's terms, admins only, audited).
 */
import { Hono } from 'hono';
import { welcomeMissText } from '../../domain/welcome.ts';
import { welcomeTermsSchema } from '../../domain/welcome.schema.ts';
import { audit, changesOf } from '../admin/audit.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { validate } from '../http/validate.ts';
import { saveWelcomeTerms, welcomeStanding, welcomeTerms } from '../orders/welcome.ts';

/** The shopper's sub-app, mounted at `/api/offre-bienvenue`. */
export const welcomeRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { terms, miss } = await welcomeStanding(c.var.deps.db, c.var.principal?.id ?? null);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ ...terms, applies: miss === null, miss, message: miss ? welcomeMissText(miss, terms) : null });
});

/** The back office's sub-app, mounted at `/api/admin/offre-bienvenue`. */
export const adminWelcomeRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => c.json(await welcomeTerms(c.var.deps.db)))
  .put('/', requireAdmin, validate('json', welcomeTermsSchema), async (c) => {
    const { db, now } = c.var.deps;
    const terms = c.req.valid('json');
    await db.transaction(async (tx) => {
      const before = await welcomeTerms(tx);
      await saveWelcomeTerms(tx, terms);
      const changes = changesOf({ ...before }, { ...terms });
      if (Object.keys(changes).length > 0)
        await audit(tx, { userId: c.var.principal!.id, entity: 'setting', entityId: 1, action: 'welcome_offer', changes }, now());
    });
    return c.json(terms);
  });
