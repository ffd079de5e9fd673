/** Password reset of §7: a code by e-mail or SMS, then a new password; answers never tell whether the account exists. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { newPasswordSchema, normalizePhone } from '../../domain/account.ts';
import { findById, findByUsername } from '../accounts/lookup.ts';
import { checkCode, issueCode } from '../accounts/otp.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAllSessions } from '../auth/tokens.ts';
import type { AppEnv } from '../context.ts';
import { users } from '../db/schema.ts';
import { validate } from '../http/validate.ts';

const sent = { message: 'Si un compte correspond, un code de réinitialisation vient d’être envoyé. Il est valable 10 minutes.' };
const badCode = { message: 'Code invalide ou expiré. Demandez un nouveau code.' };
const emailParam = z.object({ email: z.string().trim().min(1).max(200) });
const smsParam = z.object({ id: z.string().trim().min(1).max(200) });

/** Reset routes, mounted at `/api`. */
export const passwordRoutes = new Hono<AppEnv>()
  .get('/reset-password-email/:email', validate('param', emailParam), async (c) => {
    const user = await findByUsername(c.var.deps.db, c.req.valid('param').email);
    // Limits reached or unknown account: the same answer, nothing sent.
    if (user?.email) await issueCode(c.var.deps, user, 'reset', ['email']);
    return c.json(sent);
  })
  // {id}: the phone number (any §5 spelling) or the account id.
  .get('/reset-password-sms/:id', validate('param', smsParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.var.deps;
    const user = normalizePhone(id) ? await findByUsername(db, id) : /^\d{1,9}$/.test(id) ? await findById(db, Number(id)) : undefined;
    if (user?.partnerPhone) await issueCode(c.var.deps, user, 'reset', ['sms']);
    return c.json(sent);
  })
  .post('/new-password', validate('json', newPasswordSchema), async (c) => {
    const { username, code, password } = c.req.valid('json');
    const { db, tokens } = c.var.deps;
    const user = await findByUsername(db, username);
    if (!user || (await checkCode(c.var.deps, user.id, 'reset', code)) !== 'ok') return c.json(badCode, 400);
    // The code proves the mailbox or phone: the account counts as verified from now on.
    await db.update(users).set({ passwordHash: await hashPassword(password), isVerified: true }).where(eq(users.id, user.id));
    await revokeAllSessions(db, tokens, user.id);
    return c.json({ message: 'Mot de passe modifié. Veuillez vous reconnecter.' });
  });
