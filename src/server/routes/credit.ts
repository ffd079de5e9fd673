/**
 * §6 credit terms: `GET /api/credit/conditions` (anyone: the numbers of monthly instalments offered and their due day) and
 * `GET`/`PUT /api/admin/credit/conditions` (admins only, audited).
 */
import { Hono } from 'hono';
import type { z } from 'zod';
import { creditTermsSchema } from '../../domain/credit-terms.schema.ts';
import { audit, changesOf } from '../admin/audit.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { readCreditTerms, writeCreditTerms } from '../credit/terms.ts';
import type { Db } from '../db/client.ts';
import { validate } from '../http/validate.ts';

/** How long a browser or a CDN may keep the terms: a change reaches checkouts within a minute. */
const TERMS_CACHE = 'public, max-age=60';

/** The public sub-app, mounted at `/api/credit`. */
export const creditRoutes = new Hono<AppEnv>().get('/conditions', async (c) => {
  c.header('Cache-Control', TERMS_CACHE);
  return c.json(await readCreditTerms(c.var.deps.db));
});

/** The back office's `GET`/`PUT` of one setting at `path` (admins only): a change is audited as `action` of setting `entityId`. */
export function adminSettingRoutes<T extends object>(
  path: string,
  schema: z.core.$ZodType<T>,
  read: (db: Db) => Promise<T>,
  write: (db: Db, value: T) => Promise<void>,
  audited: { entityId: number; action: string },
) {
  return new Hono<AppEnv>()
    .get(path, requireAdmin, async (c) => c.json(await read(c.var.deps.db)))
    .put(path, requireAdmin, validate('json', schema), async (c) => {
      const { db, now } = c.var.deps;
      const value = c.req.valid('json') as T;
      await db.transaction(async (tx) => {
        const changes = changesOf(await read(tx), value);
        await write(tx, value);
        if (Object.keys(changes).length > 0)
          await audit(tx, { userId: c.var.principal!.id, entity: 'setting', ...audited, changes }, now());
      });
      return c.json(value);
    });
}

/** The back office's sub-app, mounted at `/api/admin/credit`. */
export const adminCreditRoutes = adminSettingRoutes('/conditions', creditTermsSchema, readCreditTerms, writeCreditTerms, {
  entityId: 2,
  action: 'credit_terms',
});
