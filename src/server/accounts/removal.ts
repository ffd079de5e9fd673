/** Deleting an account (§7 `DELETE /api/users/{id}`): audited, and never the shop's last admin. */
import { asc, count, eq } from 'drizzle-orm';
import { audit } from '../admin/audit.ts';
import { forgetUser } from '../auth/live-sessions.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { retrying } from '../orders/refusal.ts';

/** The French refusal of a change that would leave the shop without an admin. */
export const LAST_ADMIN =
  'Ce compte est le dernier administrateur de la boutique : il ne peut pas être supprimé, sinon plus personne n’accéderait au back-office.';

/**
 * Locks every admin row, in id order, for the rest of the transaction, and answers how many admins there are. Any
 * change that removes an admin (a delete; a role change, should one ever exist) calls this first in its transaction:
 * two such changes then run one after the other, and the second counts what the first left.
 */
async function lockAdmins(tx: Db): Promise<number> {
  return (await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update')).length;
}

/** The French refusal of deleting a parent account that members still depend on (§6: their credit orders need its approval). */
export const PARENT_WITH_MEMBERS =
  'Ce compte parent a encore des membres : rattachez-les à un autre compte parent dans « Clients et adhérents » avant de le supprimer, sinon leurs commandes à crédit n’auraient plus personne pour les approuver.';

/** What a deletion did: the account is gone, it was the last admin or a parent account with members (nothing done), or there was no such account. */
export type AccountRemoval = 'deleted' | 'last-admin' | 'parent-with-members' | 'not-found';

/** Deletes account `id` for `actorId` (the account itself, or an admin) and audits what went, without the password hash. */
export async function removeAccount(db: Db, id: number, actorId: number, now: Date): Promise<AccountRemoval> {
  const done = await retrying(() =>
    db.transaction(async (tx) => {
      const admins = await lockAdmins(tx);
      const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!user) return 'not-found';
      if (user.role === 'admin' && admins <= 1) return 'last-admin';
      // The row lock above waits for a membership being accepted onto this account (its foreign key check shares that row).
      const [members] = await tx.select({ n: count() }).from(users).where(eq(users.parentId, id));
      if ((members?.n ?? 0) > 0) return 'parent-with-members';
      const self = actorId === id;
      // An entry's author is a foreign key to users: the account's own entry cannot name it once it is gone, so the action says who.
      await audit(
        tx,
        {
          userId: self ? null : actorId,
          entity: 'user',
          entityId: id,
          action: self ? 'self-delete' : 'delete',
          changes: {
            name: [user.name, null],
            email: [user.email, null],
            partner_phone: [user.partnerPhone, null],
            role: [user.role, null],
            adhesion: [user.adhesion, null],
            parent_id: [user.parentId, null],
            company_id: [user.companyId, null],
            is_verified: [user.isVerified, null],
            created_at: [user.createdAt.toISOString(), null],
          },
        },
        now,
      );
      // Its sessions, refresh tokens, codes and avatar go with it (ON DELETE CASCADE); its orders stay, without an owner.
      await tx.delete(users).where(eq(users.id, id));
      return 'deleted' as const;
    }),
  );
  if (done === 'deleted') forgetUser(db, id);
  return done;
}
