/** §6 credit members: an admin's decision on a membership request, and the notice of an adhesion changed without one. */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { adhesionOf } from '../../domain/membership.ts';
import { audit } from '../admin/audit.ts';
import type { Db } from '../db/client.ts';
import type { Deps } from '../context.ts';
import { creditApplications } from '../db/schema-credit.ts';
import { users } from '../db/schema.ts';
import { notifyMembership } from './notify.ts';

const MISSING = { message: 'Demande d’adhésion introuvable.' };
const DECIDED = { message: 'Cette demande d’adhésion a déjà été traitée.' };

/** What an admin decides: accept (attaching a parent account, the one the applicant named when absent) or refuse with a reason. */
export type MembershipDecision = { state: 'accepted'; parentId?: number | undefined } | { state: 'refused'; reason: string };
type Decision = MembershipDecision;

/** The id of `userId`'s membership request still waiting for a decision (state `sent`), if any. */
export async function pendingRequestOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: creditApplications.id })
    .from(creditApplications)
    .where(and(eq(creditApplications.userId, userId), eq(creditApplications.state, 'sent')))
    .orderBy(desc(creditApplications.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * §6: tells a member their adhesion was accepted or refused by an admin directly (an account without a pending request),
 * by the same e-mail and SMS as a decided request; unawaited by callers.
 */
export async function notifyAdhesionChange(
  deps: Pick<Deps, 'db' | 'log'> & Parameters<typeof notifyMembership>[0],
  user: { name: string; email: string | null; partnerPhone: string | null; parentId: number | null },
  d: MembershipDecision,
): Promise<void> {
  const [parent] =
    d.state === 'accepted' && user.parentId
      ? await deps.db.select({ organisation: users.organisation }).from(users).where(eq(users.id, user.parentId))
      : [];
  await notifyMembership(deps, user, {
    name: user.name,
    event: d.state,
    reason: d.state === 'refused' ? d.reason : null,
    organisation: parent?.organisation ?? null,
  });
}

/**
 * §6: decides membership request `id` once, in one transaction with the account and the audit entry; the notice goes out
 * after, unawaited. The queue (`/api/admin/adhesions`) and « Clients et adhérents » (`PUT /api/admin/users/{id}`) both decide here.
 */
export async function decideMembership(deps: Deps, admin: number, id: number, d: Decision) {
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
