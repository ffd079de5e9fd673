/**
 * The back office's membership queue (§6 credit members), admins only: `GET /api/admin/adhesions?state=sent` (oldest
 * first), `POST /api/admin/adhesions/{id}/accepter` (attaches the parent account) and `POST …/refuser` (with a reason).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { acceptSchema, adhesionOf, adminMembershipQuerySchema, refuseSchema } from '../../domain/membership.ts';
import { audit } from '../admin/audit.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv, Deps } from '../context.ts';
import { creditApplications } from '../db/schema-credit.ts';
import { users } from '../db/schema.ts';
import { idParam, validate } from '../http/validate.ts';
import { notifyMembership } from '../membership/notify.ts';
import { membershipQueue } from '../membership/read.ts';

const MISSING = { message: 'Demande d’adhésion introuvable.' };
const DECIDED = { message: 'Cette demande d’adhésion a déjà été traitée.' };

type Decision = { state: 'accepted'; parentId?: number | undefined } | { state: 'refused'; reason: string };

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

// Decides request `id` once, in one transaction with the account and the audit entry; the notice goes out after, unawaited.
async function decide(deps: Deps, admin: number, id: number, d: Decision) {
  const { db, now } = deps;
  const at = now();
  const outcome = await db.transaction(async (tx) => {
    const [app] = await tx.select().from(creditApplications).where(eq(creditApplications.id, id)).for('update');
    if (!app) return { status: 404 as const, body: MISSING };
    if (app.state !== 'sent') return { status: 409 as const, body: DECIDED };
    const parentId = d.state === 'accepted' ? (d.parentId ?? app.parentId) : app.parentId;
    let organisation: string | null = null;
    if (d.state === 'accepted') {
      const [parent] = parentId
        ? await tx
            .select({ organisation: users.organisation })
            .from(users)
            .where(and(eq(users.id, parentId), isNotNull(users.organisation)))
        : [];
      if (!parent || parentId === app.userId)
        return {
          status: 400 as const,
          body: { message: 'Choisissez un compte parent (une organisation) pour cet adhérent.', field: 'parent_id' },
        };
      organisation = parent.organisation;
    }
    const [before] = await tx.select().from(users).where(eq(users.id, app.userId)).for('update');
    await tx
      .update(creditApplications)
      .set({ state: d.state, parentId, reason: d.state === 'refused' ? d.reason : null, decidedBy: admin, decidedAt: at })
      .where(eq(creditApplications.id, id));
    await tx
      .update(users)
      .set({ adhesion: adhesionOf(d.state), ...(d.state === 'accepted' ? { parentId } : {}) })
      .where(eq(users.id, app.userId));
    await audit(
      tx,
      {
        userId: admin,
        entity: 'user',
        entityId: app.userId,
        action: d.state === 'accepted' ? 'adhesion-acceptee' : 'adhesion-refusee',
        changes: {
          demande: id,
          adhesion: [before!.adhesion, adhesionOf(d.state)],
          ...(d.state === 'accepted' ? { parent_id: [before!.parentId, parentId] } : { motif: d.reason }),
        },
      },
      at,
    );
    return { status: 200 as const, body: { id, state: d.state }, user: before!, organisation };
  });
  if (outcome.status === 200 && 'user' in outcome) {
    const u = outcome.user!;
    void notifyMembership(deps, u, {
      name: u.name,
      event: d.state,
      reason: d.state === 'refused' ? d.reason : null,
      organisation: outcome.organisation,
    });
  }
  return outcome;
}
