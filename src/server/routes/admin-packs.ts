/** The back office's packs (§3 "Pack"): `GET /api/admin/packs` (all, with lines and total), `POST` and `PUT /{id}` of the whole pack. */
import { Hono } from 'hono';
import { packInputSchema } from '../../domain/pack-admin.ts';
import { adminPacks, savePack } from '../admin/packs.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { idParam, validate } from '../http/validate.ts';

/** The admin pack sub-app, mounted at `/api/admin/packs`. */
export const adminPackRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => c.json(await adminPacks(c.var.deps.db)))
  .post('/', requireAdmin, validate('json', packInputSchema), async (c) => {
    const result = await savePack(c.var.deps.db, null, c.req.valid('json'), { userId: c.var.principal!.id, at: c.var.deps.now() });
    return 'ok' in result ? c.json((await adminPacks(c.var.deps.db, result.ok))[0]!, 201) : c.json(result.body, result.refused);
  })
  .put('/:id', requireAdmin, validate('param', idParam), validate('json', packInputSchema), async (c) => {
    const result = await savePack(c.var.deps.db, c.req.valid('param').id, c.req.valid('json'), {
      userId: c.var.principal!.id,
      at: c.var.deps.now(),
    });
    return 'ok' in result ? c.json((await adminPacks(c.var.deps.db, result.ok))[0]!) : c.json(result.body, result.refused);
  });
