/** Partner routes of §7 (a partner is a user): compte, details, update, by e-mail. Owner or admin only. */
import { Hono } from 'hono';
import { z } from 'zod';
import { profileUpdateSchema } from '../../domain/account.ts';
import { applyUpdate } from '../accounts/contact.ts';
import { ownedUser, toAccount } from '../accounts/lookup.ts';
import { requireUser } from '../auth/guard.ts';
import { sessionValues } from '../auth/session.ts';
import type { AppEnv } from '../context.ts';
import { idParam, validate } from '../http/validate.ts';

const emailParam = z.object({ email: z.string().trim().min(1).max(200) });

/** Partner routes, mounted at `/api`. */
export const partnerRoutes = new Hono<AppEnv>()
  .get('/partner/compte/:id', requireUser, validate('param', idParam), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').id);
    return c.json(await toAccount(c.var.deps.db, user));
  })
  .get('/partner/compte/:id/details', requireUser, validate('param', idParam), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').id);
    const values = await sessionValues(c.var.deps.db, user.id);
    return c.json({ ...(await toAccount(c.var.deps.db, user)), company: values?.company ?? null, parent: values?.parent ?? null });
  })
  .post('/partner/:id/update', requireUser, validate('param', idParam), validate('json', profileUpdateSchema), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').id);
    return applyUpdate(c, user, c.req.valid('json'));
  })
  .get('/partnerByEmail/:email', requireUser, validate('param', emailParam), async (c) => {
    const user = await ownedUser(c, { email: c.req.valid('param').email });
    return c.json(await toAccount(c.var.deps.db, user));
  })
  .post('/partner-create/:email/update', requireUser, validate('param', emailParam), validate('json', profileUpdateSchema), async (c) => {
    const user = await ownedUser(c, { email: c.req.valid('param').email });
    return applyUpdate(c, user, c.req.valid('json'));
  });
