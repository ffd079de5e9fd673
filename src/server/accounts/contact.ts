/** Profile updates of §7: the name changes at once; a new e-mail or phone waits for a code sent to it, then replaces the old one. */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContactField, Destination, PendingContact, ProfileUpdate } from '../../domain/account.ts';
import type { AppEnv, Deps } from '../context.ts';
import { users } from '../db/schema.ts';
import { emailChangedNotice } from '../mail/templates.ts';
import { isUniqueViolation, toAccount, type UserRow } from './lookup.ts';
import { checkCode, pendingTargets } from './otp.ts';
import { requestCode } from './send-code.ts';

const taken = { message: 'Cette adresse e-mail ou ce numéro de téléphone est déjà utilisé par un autre compte.' };
const badCode = { message: 'Code invalide ou expiré. Enregistrez à nouveau le nouveau contact pour recevoir un autre code.' };
const PURPOSE = { email: 'email', partner_phone: 'phone' } as const satisfies Record<ContactField, Destination['kind']>;

/** The new contact values of a user that wait for their code. */
async function pendingContact(deps: Deps, userId: number): Promise<PendingContact> {
  const pending: PendingContact = {};
  for (const p of await pendingTargets(deps, userId)) {
    if (p.target && p.purpose === 'email') pending.email = p.target;
    if (p.target && p.purpose === 'phone') pending.partner_phone = p.target;
  }
  return pending;
}

/** The account as the profile routes answer it: with what waits for a code. */
export async function toProfile(deps: Deps, user: UserRow) {
  return { ...(await toAccount(deps.db, user)), pending: await pendingContact(deps, user.id) };
}

/** Applies an allow-listed update: the name now; each new e-mail or phone gets a code and waits in `pending`. */
export async function applyUpdate(c: Context<AppEnv>, user: UserRow, body: ProfileUpdate) {
  const { deps } = c.var;
  const asked: Destination[] = [];
  if (body.email !== undefined && body.email !== user.email?.toLowerCase()) asked.push({ kind: 'email', value: body.email });
  if (body.partner_phone !== undefined && body.partner_phone !== user.partnerPhone)
    asked.push({ kind: 'phone', value: body.partner_phone });
  // Whether another account holds the value is found out at confirmation: asking here would tell a stranger.
  for (const d of asked) {
    const refused = await requestCode(c, d, { userId: user.id, name: body.name ?? user.name, to: [d] }, d.kind, d.value);
    if (refused) return refused;
  }
  let row = user;
  if (body.name !== undefined && body.name !== user.name)
    [row = user] = await deps.db.update(users).set({ name: body.name }).where(eq(users.id, user.id)).returning();
  return c.json(await toProfile(deps, row));
}

/** Confirms a new e-mail or phone with its code and puts it in place of the old one (409 when another account took it meanwhile). */
export async function confirmContact(c: Context<AppEnv>, user: UserRow, field: ContactField, code: string) {
  const { deps } = c.var;
  const proved = await checkCode(deps, user.id, PURPOSE[field], code);
  if (!proved?.target) return c.json(badCode, 400);
  let row: UserRow | undefined;
  try {
    [row] = await deps.db
      .update(users)
      .set(field === 'email' ? { email: proved.target } : { partnerPhone: proved.target })
      .where(eq(users.id, user.id))
      .returning();
  } catch (err) {
    if (isUniqueViolation(err)) return c.json(taken, 409);
    throw err;
  }
  // The old address hears of it, so a stolen session that changed it does not go unnoticed.
  if (field === 'email' && user.email) {
    deps
      .mailer!.email({ to: user.email, ...emailChangedNotice(user.name, proved.target) })
      .catch((err: unknown) =>
        deps.log(`[mail] avis de changement d’adresse impossible : ${err instanceof Error ? err.message : String(err)}`),
      );
  }
  return c.json(await toProfile(deps, row!));
}
