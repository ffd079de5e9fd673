/** Sign-up and OTP routes of §7: new_compte, otp-resend, otp-verification, users/verified. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { otpVerifySchema, signupSchema } from '../../domain/account.ts';
import { findById, findByUsername, isUniqueViolation, notYours, ownedUser } from '../accounts/lookup.ts';
import { checkCode, issueCode } from '../accounts/otp.ts';
import { hashPassword } from '../auth/passwords.ts';
import { requireUser } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { users } from '../db/schema.ts';
import { idParam, validate } from '../http/validate.ts';

const resent = { message: 'Un nouveau code a été envoyé' };
const tooSoon = { message: 'Veuillez patienter avant de demander un nouveau code (1 par minute, 5 par heure).' };
const badCode = { message: 'Code OTP invalide ou expiré. Vérifiez le code ou demandez-en un nouveau.' };
const resendParam = z.object({ id: z.string().min(1).max(200) });

/** Sign-up and code routes, mounted at `/api`. */
export const otpRoutes = new Hono<AppEnv>()
  .post('/new_compte', validate('json', signupSchema), async (c) => {
    const body = c.req.valid('json');
    const { db } = c.var.deps;
    let id: number;
    try {
      const [row] = await db.insert(users).values({ name: body.name, email: body.email, partnerPhone: body.partner_phone, passwordHash: await hashPassword(body.password), isVerified: false }).returning({ id: users.id });
      id = row!.id;
    } catch (err) {
      if (isUniqueViolation(err)) return c.json({ message: 'Un compte existe déjà avec cette adresse e-mail ou ce numéro de téléphone.' }, 409);
      throw err;
    }
    await issueCode(c.var.deps, { id, name: body.name, email: body.email, partnerPhone: body.partner_phone }, 'verify', ['email', 'sms']);
    return c.json({ id, email: body.email, message: 'Compte créé. Un code de vérification vous a été envoyé par e-mail et par SMS.' }, 201);
  })
  // The OTP page knows only the e-mail: {id} is the account's id or its e-mail.
  .get('/partner/:id/otp-resend', validate('param', resendParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.var.deps;
    const user = /^\d{1,9}$/.test(id) ? await findById(db, Number(id)) : await findByUsername(db, id);
    // Unknown or already verified: the same answer, and nothing sent.
    if (!user || user.isVerified) return c.json(resent);
    const sent = await issueCode(c.var.deps, user, 'verify', ['email', 'sms']);
    return sent ? c.json(resent) : c.json(tooSoon, 429);
  })
  .post('/partner/otp-verification', validate('json', otpVerifySchema), async (c) => {
    const { email, code } = c.req.valid('json');
    const { db } = c.var.deps;
    const user = await findByUsername(db, email);
    if (!user || user.email?.toLowerCase() !== email) return c.json(badCode, 400);
    if ((await checkCode(c.var.deps, user.id, 'verify', code)) !== 'ok') return c.json(badCode, 400);
    await db.update(users).set({ isVerified: true }).where(eq(users.id, user.id));
    return c.json({ message: 'Vérification code réussie !', id: user.id, email: user.email });
  })
  .get('/users/verified/:id', requireUser, validate('param', idParam), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').id);
    if (!user) return c.json(notYours, 404);
    return c.json({ id: user.id, is_verified: user.isVerified });
  });
