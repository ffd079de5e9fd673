/** The profile's delivery addresses under `/api/users/{id}/adresses` (§7 users): list, add, change, remove. Owner or admin only. */
import { Hono } from 'hono';
import { z } from 'zod';
import { addressInputSchema, addressUpdateSchema } from '../../domain/addresses.ts';
import { addAddress, addressesOf, removeAddress, updateAddress } from '../accounts/addresses.ts';
import { ownedUser } from '../accounts/lookup.ts';
import { requireUser } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { idParam, validate } from '../http/validate.ts';

const addressParam = z.object({ id: idParam.shape.id, addressId: idParam.shape.id });

/** The addresses sub-app, mounted at `/api/users`. */
export const addressRoutes = new Hono<AppEnv>()
  .use('/:id/adresses', requireUser)
  .use('/:id/adresses/*', requireUser)
  .get('/:id/adresses', validate('param', idParam), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').id);
    return c.json(await addressesOf(c.var.deps.db, user.id));
  })
  .post('/:id/adresses', validate('param', idParam), validate('json', addressInputSchema), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').id);
    const { db, now } = c.var.deps;
    return c.json(await addAddress(db, user.id, c.req.valid('json'), now()), 201);
  })
  .put('/:id/adresses/:addressId', validate('param', addressParam), validate('json', addressUpdateSchema), async (c) => {
    const { id, addressId } = c.req.valid('param');
    const user = await ownedUser(c, id);
    return c.json(await updateAddress(c.var.deps.db, user.id, addressId, c.req.valid('json')));
  })
  .delete('/:id/adresses/:addressId', validate('param', addressParam), async (c) => {
    const { id, addressId } = c.req.valid('param');
    const user = await ownedUser(c, id);
    await removeAddress(c.var.deps.db, user.id, addressId);
    return c.json({ message: 'Adresse supprimée.' });
  });
