/**
 * The back office's membership queue (§6 credit members), admins only: `GET /api/admin/adhesions?state=sent` (oldest
 * first), `POST /api/admin/adhesions/{id}/accepter` (attaches the parent account) and `POST …/refuser` (with a reason).
 */
import { Hono } from 'hono';
import { acceptSchema, adminMembershipQuerySchema, refuseSchema } from '../../domain/membership.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { idParam, validate } from '../http/validate.ts';
import { decideMembership as decide } from '../membership/decide.ts';
import { membershipQueue } from '../membership/read.ts';

/** The admin membership sub-app, mounted at `/api/admin/adhesions`. */
export const adminAdhesionRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/', validate('query', adminMembershipQuerySchema), async (c) => c.json(await membershipQueue(c.var.deps.db, c.req.valid('query'))))
  .post('/:id/accepter', validate('param', idParam), validate('json', acceptSchema), async (c) => {
    const r = await decide(c.var.deps, c.var.principal!.id, c.req.valid('param').id, {
      state: 'accepted',
      parentId: c.req.valid('json').parent_id,
    });
    return c.json(r.body, r.status);
  })
  .post('/:id/refuser', validate('param', idParam), validate('json', refuseSchema), async (c) => {
    const r = await decide(c.var.deps, c.var.principal!.id, c.req.valid('param').id, {
      state: 'refused',
      reason: c.req.valid('json').reason,
    });
    return c.json(r.body, r.status);
  });
