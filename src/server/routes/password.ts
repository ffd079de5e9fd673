/** Password reset of §7: a code by e-mail or SMS to the account the shopper names, then a new password; answers never tell whether it exists. */
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { identifierSchema, newPasswordSchema, type Destination } from '../../domain/account.ts';
import { findByUsername } from '../accounts/lookup.ts';
import { checkCode } from '../accounts/otp.ts';
import { destinationsOf, limitCodeGuesses, requestCode } from '../accounts/send-code.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAllSessions } from '../auth/tokens.ts';
import type { AppEnv } from '../context.ts';
import { users } from '../db/schema.ts';
import { validate } from '../http/validate.ts';

const sent = { message: 'Si un compte correspond, un code de réinitialisation vient d’être envoyé. Il est valable 10 minutes.' };
const badCode = { message: 'Code invalide ou expiré. Demandez un nouveau code.' };
// Both paths take what the shopper knows, the e-mail or the phone (§5 spellings), and differ by where the code goes.
const namedParam = z.object({ who: identifierSchema });

/** A reset by `channel`: the code goes to the account's own e-mail or phone, whichever of the two the shopper named. */
function resetBy(channel: Destination['kind']) {
  return async (c: Context<AppEnv>, named: Destination) => {
    const user = await findByUsername(c.var.deps.db, named.value);
    const to = user ? destinationsOf(user, [channel]) : [];
    const recipient = user && to.length > 0 ? { userId: user.id, name: user.name, to } : undefined;
    return (await requestCode(c, named, recipient, 'reset')) ?? c.json(sent);
  };
}
const byEmail = resetBy('email');
const bySms = resetBy('phone');

/** Reset routes, mounted at `/api`. */
export const passwordRoutes = new Hono<AppEnv>()
  .get('/reset-password-email/:who', validate('param', namedParam), (c) => byEmail(c, c.req.valid('param').who))
  .get('/reset-password-sms/:who', validate('param', namedParam), (c) => bySms(c, c.req.valid('param').who))
  .post('/new-password', validate('json', newPasswordSchema), limitCodeGuesses, async (c) => {
    const { username, code, password } = c.req.valid('json');
    const { db, tokens } = c.var.deps;
    const user = await findByUsername(db, username);
    if (!user || !(await checkCode(c.var.deps, user.id, 'reset', code))) return c.json(badCode, 400);
    // The code proves the mailbox or phone: the account counts as verified from now on.
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(password), isVerified: true })
      .where(eq(users.id, user.id));
    await revokeAllSessions(db, tokens, user.id);
    return c.json({ message: 'Mot de passe modifié. Veuillez vous reconnecter.' });
  });
