/** The §3 session values (user_info, company, parent, user_context, is_verified) of one user. */
import { eq } from 'drizzle-orm';
import type { SessionValues } from '../../domain/auth.ts';
import type { Db } from '../db/client.ts';
import { companies, users } from '../db/schema.ts';

/** Reads what a client keeps about its logged-in user; null when the user is gone. */
export async function sessionValues(db: Db, userId: number): Promise<SessionValues | null> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) return null;
  const [company] = u.companyId
    ? await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, u.companyId))
    : [];
  const [parent] = u.parentId ? await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, u.parentId)) : [];
  return {
    user_info: { id: u.id, name: u.name, partner_phone: u.partnerPhone, email: u.email, adhesion: u.adhesion, parent_id: u.parentId },
    company: company ?? null,
    parent: parent ?? null,
    user_context: { lang: 'fr_FR', tz: 'Africa/Dakar', uid: u.id },
    is_verified: u.isVerified,
    is_admin: u.role === 'admin',
  };
}
