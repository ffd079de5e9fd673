/**
 * §6 credit terms: `GET /api/credit/conditions` (anyone: the numbers of monthly instalments offered and their due day) and
 * `GET`/`PUT /api/admin/credit/conditions` (admins only, audited).
 */
import { Hono } from 'hono';
import { creditTermsSchema } from '../../domain/credit-terms.schema.ts';
import { audit, changesOf } from '../admin/audit.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { readCreditTerms, writeCreditTerms } from '../credit/terms.ts';
import { validate } from '../http/validate.ts';

/** How long a browser or a CDN may keep the terms: a change reaches checkouts within a minute. */
const TERMS_CACHE = 'public, max-age=60';

/** The public sub-app, mounted at `/api/credit`. */
export const creditRoutes = new Hono<AppEnv>().get('/conditions', async (c) => {
  c.header('Cache-Control', TERMS_CACHE);
  return c.json(await readCreditTerms(c.var.deps.db));
});

/** The back office's sub-app, mounted at `/api/admin/credit`. */
export const adminCreditRoutes = new Hono<AppEnv>()
  .get('/conditions', requireAdmin, async (c) => c.json(await readCreditTerms(c.var.deps.db)))
  .put('/conditions', requireAdmin, validate('json', creditTermsSchema), async (c) => {
    const { db, now } = c.var.deps;
    const terms = c.req.valid('json');
    await db.transaction(async (tx) => {
      const before = await readCreditTerms(tx);
      await writeCreditTerms(tx, terms);
      const changes = changesOf({ ...before }, { ...terms });
      if (Object.keys(changes).length > 0)
        await audit(tx, { userId: c.var.principal!.id, entity: 'setting', entityId: 2, action: 'credit_terms', changes }, now());
    });
    return c.json(terms);
  });
