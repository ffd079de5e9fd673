/** The shop's administrators made outside the API: on first start (`ADMIN_EMAIL`…) or by `npm run admin`; never an existing password replaced unasked. */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, phoneSchema } from '../../domain/account.ts';
import { audit } from '../admin/audit.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { isUniqueViolation } from './lookup.ts';

/** An administrator to create: the sign-up rules of §4 for e-mail, name, phone and password (the phone is optional). */
export const adminInputSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  phone: z.optional(phoneSchema),
  password: passwordSchema,
});
export type AdminInput = z.infer<typeof adminInputSchema>;

/** What became of a request: created, already there with this very password, password replaced (`reset`), another admin there (`onlyIfNone`), or refused with a French reason. */
export type AdminOutcome =
  | { kind: 'created'; id: number }
  | { kind: 'exists' }
  | { kind: 'unchanged'; id: number }
  | { kind: 'reset'; id: number }
  | { kind: 'refused'; message: string };

// Any constant: two instances starting together on one PostgreSQL must not both create "the first" admin.
const ADMIN_LOCK = 7_325_003;

/** French refusals of `ensureAdmin`. */
export const ADMIN_TEXT = {
  otherPassword: (email: string) =>
    `Un administrateur ${email} existe déjà avec un autre mot de passe : il n’est pas modifié. Relancez avec --reset pour le remplacer.`,
  customer: (email: string) =>
    `L’adresse ${email} appartient à un compte client : il ne devient pas administrateur. Choisissez une autre adresse.`,
  phoneTaken: (phone: string) => `Le téléphone ${phone} est déjà celui d’un autre compte : choisissez-en un autre ou n’en donnez pas.`,
} as const;

/** Whether any administrator exists. */
export async function hasAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return !!row;
}

/**
 * Creates the administrator `input.email`, verified. The same admin with the same password is left as it is; with
 * another password it is refused unless `reset` (then every session of it ends). A customer is never promoted: its
 * sessions would become admin ones. `onlyIfNone` (first start) creates nobody when any admin exists.
 */
export async function ensureAdmin(
  db: Db,
  input: AdminInput,
  opts: { reset?: boolean; onlyIfNone?: boolean; now: Date; source: string },
): Promise<AdminOutcome> {
  // Every start with ADMIN_* still set lands here: it costs one query, not a hash.
  if (opts.onlyIfNone && (await hasAdmin(db))) return { kind: 'exists' };
  // scrypt is slow: hashed before the transaction so that it stays short.
  const hash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_LOCK})`);
      if (opts.onlyIfNone && (await hasAdmin(tx))) return { kind: 'exists' } as const;
      const [found] = await tx.select().from(users).where(sql`lower(${users.email}) = ${input.email}`).limit(1);
      if (!found) {
        const [row] = await tx
          .insert(users)
          .values({
            name: input.name,
            email: input.email,
            partnerPhone: input.phone ?? null,
            role: 'admin',
            passwordHash: hash,
            isVerified: true,
          })
          .returning({ id: users.id });
        await audit(
          tx,
          {
            userId: null,
            entity: 'user',
            entityId: row!.id,
            action: 'admin-created',
            changes: { role: [null, 'admin'], source: opts.source },
          },
          opts.now,
        );
        return { kind: 'created', id: row!.id } as const;
      }
      if (found.role !== 'admin') return { kind: 'refused', message: ADMIN_TEXT.customer(input.email) } as const;
      if (await verifyPassword(input.password, found.passwordHash)) return { kind: 'unchanged', id: found.id } as const;
      if (!opts.reset) return { kind: 'refused', message: ADMIN_TEXT.otherPassword(input.email) } as const;
      await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, found.id));
      // Whoever knew the old password is logged out with it.
      await tx.update(sessions).set({ revokedAt: opts.now }).where(sql`${sessions.userId} = ${found.id} and ${sessions.revokedAt} is null`);
      await audit(
        tx,
        { userId: null, entity: 'user', entityId: found.id, action: 'admin-password-reset', changes: { source: opts.source } },
        opts.now,
      );
      return { kind: 'reset', id: found.id } as const;
    });
  } catch (err) {
    // The e-mail was looked up under the lock, so the phone is what clashed (unless a sign-up took the address meanwhile).
    if (isUniqueViolation(err))
      return { kind: 'refused', message: input.phone ? ADMIN_TEXT.phoneTaken(input.phone) : ADMIN_TEXT.customer(input.email) };
    throw err;
  }
}
