/** Sign-up and OTP routes of §7: new_compte, otp-resend, otp-verification, users/verified. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { identifierSchema, otpVerifySchema, signupSchema } from '../../domain/account.ts';
import { refuse, spend } from '../accounts/limits.ts';
import { findByUsername, ownedUser } from '../accounts/lookup.ts';
import { checkCode, deliverCode } from '../accounts/otp.ts';
import { destinationsOf, limitCodeGuesses, requestCode } from '../accounts/send-code.ts';
import { createAccount } from '../accounts/signup.ts';
import { hashPassword } from '../auth/passwords.ts';
import { requireUser } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { forgetUser } from '../auth/live-sessions.ts';
import { users } from '../db/schema.ts';
import { addressKey } from '../http/client-address.ts';
import { idParam, validate } from '../http/validate.ts';

const resent = { message: 'Un nouveau code a été envoyé' };
const badCode = { message: 'Code OTP invalide ou expiré. Vérifiez le code ou demandez-en un nouveau.' };
const taken = {
  message:
    'Un compte existe déjà avec cette adresse e-mail ou ce numéro de téléphone. Connectez-vous, ou demandez un nouveau mot de passe.',
};
// The OTP page knows the e-mail; the phone works too. Never an id: an id names accounts the caller does not know.
const resendParam = z.object({ id: identifierSchema });

/** Sign-up and code routes, mounted at `/api`. */
export const otpRoutes = new Hono<AppEnv>()
  .post('/new_compte', validate('json', signupSchema), async (c) => {
    const body = c.req.valid('json');
    const { deps } = c.var;
    // Every well-formed sign-up counts, taken or not, so probing which e-mails have an account costs as much.
    const refused = await spend(deps.db, 'signupAddress', addressKey(c));
    if (refused) return refuse(c, refused);
    const made = await createAccount(deps, body, await hashPassword(body.password));
    if ('taken' in made) return c.json(taken, 409);
    if ('refused' in made) return refuse(c, made.refused);
    deliverCode(deps, body.name, made.to, 'verify', made.code);
    return c.json(
      { id: made.id, email: body.email, message: 'Compte créé. Un code de vérification vous a été envoyé par e-mail et par SMS.' },
      201,
    );
  })
  .get('/partner/:id/otp-resend', validate('param', resendParam), async (c) => {
    const named = c.req.valid('param').id;
    const user = await findByUsername(c.var.deps.db, named.value);
    // Unknown or already verified: the same answer, and nothing sent.
    const recipient =
      user && !user.isVerified ? { userId: user.id, name: user.name, to: destinationsOf(user, ['email', 'phone']) } : undefined;
    return (await requestCode(c, named, recipient, 'verify')) ?? c.json(resent);
  })
  .post('/partner/otp-verification', validate('json', otpVerifySchema), limitCodeGuesses, async (c) => {
    const { email, code } = c.req.valid('json');
    const { db } = c.var.deps;
    const user = await findByUsername(db, email);
    if (!user || user.email?.toLowerCase() !== email) return c.json(badCode, 400);
    if (!(await checkCode(c.var.deps, user.id, 'verify', code))) return c.json(badCode, 400);
    await db.update(users).set({ isVerified: true }).where(eq(users.id, user.id));
    forgetUser(db, user.id);
    return c.json({ message: 'Vérification code réussie !', id: user.id, email: user.email });
  })
  .get('/users/verified/:id', requireUser, validate('param', idParam), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').id);
    return c.json({ id: user.id, is_verified: user.isVerified });
  });
