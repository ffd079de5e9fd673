/** The back office's API under `/api/admin` (admins only): order list, tranches, members, dashboard and audit log. */
import { and, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { INSTALMENT_TEXT, MAX_INSTALMENTS } from '../../domain/instalment-payments.ts';
import { adminOrderQuerySchema, memberInputSchema, trancheInputSchema } from '../../domain/admin.schema.ts';
import { toAccount } from '../accounts/lookup.ts';
import { audit, changesOf } from '../admin/audit.ts';
import { dashboard } from '../admin/dashboard.ts';
import { listOrders } from '../admin/orders-list.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { auditEntities, auditLog } from '../db/schema-admin.ts';
import { users } from '../db/schema.ts';
import { idParam, validate } from '../http/validate.ts';
import { setTrancheState } from '../orders/moves.ts';
import { decideMembership, notifyAdhesionChange, pendingRequestOf, type MembershipDecision } from '../membership/decide.ts';
import { DEFAULT_REFUSAL_REASON } from '../../domain/membership.ts';
import { orderById } from '../orders/read.ts';
import { sessionsOf } from '../payments/sessions.ts';

// Written as the ids are: digits only, 1 to MAX_INSTALMENTS (a credit's monthly instalments).
const trancheParam = idParam.extend({
  number: z
    .string()
    .regex(/^[1-9]\d?$/, INSTALMENT_TEXT.number)
    .transform(Number)
    .refine((n) => n <= MAX_INSTALMENTS, INSTALMENT_TEXT.number),
});
const auditQuery = z.object({
  entity: z.enum(auditEntities, { error: 'Entité inconnue.' }),
  id: idParam.shape.id,
});

/** The admin sub-app, mounted at `/api/admin`. */
export const adminRoutes = new Hono<AppEnv>()
  .use(requireAdmin)
  .get('/tableau-de-bord', async (c) => c.json(await dashboard(c.var.deps.db, c.var.deps.now())))
  .get('/commandes', validate('query', adminOrderQuerySchema), async (c) => c.json(await listOrders(c.var.deps.db, c.req.valid('query'))))
  .get('/commandes/:id/paiements', validate('param', idParam), async (c) =>
    c.json(await sessionsOf(c.var.deps.db, c.req.valid('param').id)),
  )
  .put('/commandes/:id/tranches/:number', validate('param', trancheParam), validate('json', trancheInputSchema), async (c) => {
    const { id, number } = c.req.valid('param');
    const { db, now } = c.var.deps;
    const { state, via } = c.req.valid('json');
    await setTrancheState(db, id, number, state, c.var.principal!, now(), via);
    return c.json((await orderById(db, id))!);
  })
  .put('/users/:id', validate('param', idParam), validate('json', memberInputSchema), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const { db, now } = c.var.deps;
    if (body.parent_id === id) return c.json({ message: 'Un compte ne peut pas être son propre parent.', field: 'parent_id' }, 400);
    if (body.parent_id != null && !(await db.select({ id: users.id }).from(users).where(eq(users.id, body.parent_id)))[0]) {
      return c.json({ message: `Compte parent introuvable : ${body.parent_id}.`, field: 'parent_id' }, 400);
    }
    const decision: MembershipDecision | null =
      body.adhesion === 'accepted'
        ? { state: 'accepted', ...(body.parent_id != null ? { parentId: body.parent_id } : {}) }
        : body.adhesion === 'refused'
          ? { state: 'refused', reason: body.reason ?? DEFAULT_REFUSAL_REASON }
          : null;
    // A member's pending request is decided as the queue decides it: the request closed, the member told.
    const pending = decision ? await pendingRequestOf(db, id) : null;
    if (decision && pending !== null) {
      const r = await decideMembership(c.var.deps, c.var.principal!.id, pending, decision);
      if (r.status !== 200) return c.json(r.body, r.status);
      // A parent account named beside a refusal is still set, as without a request.
      if (decision.state === 'accepted' || body.parent_id === undefined) {
        const [after] = await db.select().from(users).where(eq(users.id, id));
        return c.json(await toAccount(db, after!));
      }
    }
    const direct = pending === null ? decision : null;
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before) return null;
      const set = {
        ...(body.adhesion !== undefined && pending === null ? { adhesion: body.adhesion } : {}),
        ...(body.parent_id !== undefined ? { parentId: body.parent_id } : {}),
      };
      const [after] = await tx.update(users).set(set).where(eq(users.id, id)).returning();
      const changes = changesOf(
        { adhesion: before.adhesion, parent_id: before.parentId },
        { adhesion: pending === null ? body.adhesion : undefined, parent_id: body.parent_id },
      );
      if (Object.keys(changes).length)
        await audit(tx, { userId: c.var.principal!.id, entity: 'user', entityId: id, action: 'adhesion', changes }, now());
      return { after: after!, told: direct !== null && before.adhesion !== after!.adhesion };
    });
    // No request: the admin's change stands, and the member hears of it as of a decided request.
    if (row?.told && direct) void notifyAdhesionChange(c.var.deps, row.after, direct);
    return row ? c.json(await toAccount(db, row.after)) : c.json({ message: 'Compte introuvable.' }, 404);
  })
  .get('/audit', validate('query', auditQuery), async (c) => {
    const { entity, id } = c.req.valid('query');
    const rows = await c.var.deps.db
      .select({ at: auditLog.at, action: auditLog.action, changes: auditLog.changes, userId: users.id, name: users.name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
      .orderBy(desc(auditLog.at), desc(auditLog.id));
    return c.json(
      rows.map((r) => ({
        at: r.at.toISOString(),
        user: r.userId ? { id: r.userId, name: r.name! } : null,
        action: r.action,
        changes: r.changes,
      })),
    );
  });
