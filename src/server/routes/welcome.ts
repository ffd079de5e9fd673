/**
 * The welcome offer's calls (§1, §9): `GET /api/offre-bienvenue` (its terms and whether the caller's next order gets it),
 * `GET`/`PUT /api/admin/offre-bienvenue` (the retailer's terms, admins only, audited).
 */
import { Hono } from 'hono';
import { welcomeMissText } from '../../domain/welcome.ts';
import { welcomeTermsSchema } from '../../domain/welcome.schema.ts';
import type { AppEnv } from '../context.ts';
import { adminSettingRoutes } from './credit.ts';
import { saveWelcomeTerms, welcomeStanding, welcomeTerms } from '../orders/welcome.ts';

/** The shopper's sub-app, mounted at `/api/offre-bienvenue`. */
export const welcomeRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const { terms, miss } = await welcomeStanding(c.var.deps.db, c.var.principal?.id ?? null);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ ...terms, applies: miss === null, miss, message: miss ? welcomeMissText(miss, terms) : null });
});

/** The back office's sub-app, mounted at `/api/admin/offre-bienvenue`. */
export const adminWelcomeRoutes = adminSettingRoutes('/', welcomeTermsSchema, welcomeTerms, saveWelcomeTerms, {
  entityId: 1,
  action: 'welcome_offer',
});
