/** User routes of §7 under /api/users: list (admin), read, account, update, delete, avatar, me. Owner or admin only. */
import { Hono } from 'hono';
import { z } from 'zod';
import { adminUserQuerySchema } from '../../domain/admin.schema.ts';
import { avatarSchema, contactVerifySchema, profileUpdateSchema } from '../../domain/account.ts';
import { applyUpdate, confirmContact, toProfile } from '../accounts/contact.ts';
import { notYours, ownedUser, toAccount } from '../accounts/lookup.ts';
import { LAST_ADMIN, PARENT_WITH_MEMBERS, removeAccount } from '../accounts/removal.ts';
import { limitCodeGuesses } from '../accounts/send-code.ts';
import { customerPage } from '../admin/customers.ts';
import { requireAdmin, requireUser } from '../auth/guard.ts';
import { sessionValues } from '../auth/session.ts';
import type { AppEnv } from '../context.ts';
import { userAvatars } from '../db/schema-accounts.ts';
import { idParam, validate } from '../http/validate.ts';

const partnerIdParam = z.object({ partnerId: idParam.shape.id });

/** The users sub-app, mounted at `/api/users`. */
export const userRoutes = new Hono<AppEnv>()
  .use(requireUser)
  // The back office's list of clients, a page at a time, with the company each belongs to.
  .get('/', requireAdmin, validate('query', adminUserQuerySchema), async (c) =>
    c.json(await customerPage(c.var.deps.db, c.req.valid('query'))),
  )
  .put('/me', validate('json', profileUpdateSchema), async (c) => {
    const user = await ownedUser(c, c.var.principal!.id);
    return applyUpdate(c, user, c.req.valid('json'));
  })
  // A new e-mail or phone put aside by an update replaces the old one once its code comes back (§7 profile updates).
  .post('/me/contact-verification', validate('json', contactVerifySchema), limitCodeGuesses, async (c) => {
    const user = await ownedUser(c, c.var.principal!.id);
    const { field, code } = c.req.valid('json');
    return confirmContact(c, user, field, code);
  })
  .put('/avatar/:partnerId', validate('param', partnerIdParam), validate('json', avatarSchema), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').partnerId);
    const { db } = c.var.deps;
    const dataUrl = c.req.valid('json').avatar;
    await db.insert(userAvatars).values({ userId: user.id, dataUrl }).onConflictDoUpdate({ target: userAvatars.userId, set: { dataUrl } });
    return c.json(await toAccount(db, user));
  })
  .get('/:id', validate('param', idParam), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').id);
    return c.json(await toAccount(c.var.deps.db, user));
  })
  .get('/:id/compte', validate('param', idParam), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').id);
    return c.json({ ...(await toProfile(c.var.deps, user)), ...(await sessionValues(c.var.deps.db, user.id)) });
  })
  .put('/:id/update', validate('param', idParam), validate('json', profileUpdateSchema), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').id);
    return applyUpdate(c, user, c.req.valid('json'));
  })
  .delete('/:id', validate('param', idParam), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').id);
    const { db, now } = c.var.deps;
    const removal = await removeAccount(db, user.id, c.var.principal!.id, now());
    if (removal === 'last-admin') return c.json({ message: LAST_ADMIN }, 409);
    if (removal === 'parent-with-members') return c.json({ message: PARENT_WITH_MEMBERS }, 409);
    return removal === 'deleted' ? c.json({ message: 'Compte supprimé.' }) : c.json(notYours, 404);
  });
