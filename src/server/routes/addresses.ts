/** The profile's delivery addresses under `/api/users/{id}/adresses` (§7 users): list, add, change, remove. Owner or admin only. */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { addressInputSchema, addressUpdateSchema } from '../../domain/addresses.ts';
import { AddressRefusal, addAddress, addressesOf, removeAddress, updateAddress } from '../accounts/addresses.ts';
import { notYours, ownedUser } from '../accounts/lookup.ts';
import { requireUser } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { idParam, validate } from '../http/validate.ts';

const addressParam = z.object({ id: idParam.shape.id, addressId: idParam.shape.id });

/** Runs a write and answers it, or the French refusal it raised. */
async function answer(c: Context<AppEnv>, run: () => Promise<unknown>, status: 200 | 201 = 200) {
  try {
    return c.json(await run(), status);
  } catch (err) {
    if (err instanceof AddressRefusal) return c.json({ message: err.message }, err.status);
    throw err;
  }
}

/** The addresses sub-app, mounted at `/api/users`. */
export const addressRoutes = new Hono<AppEnv>()
  .use('/:id/adresses', requireUser)
  .use('/:id/adresses/*', requireUser)
  .get('/:id/adresses', validate('param', idParam), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').id);
    if (!user) return c.json(notYours, 404);
    return c.json(await addressesOf(c.var.deps.db, user.id));
  })
  .post('/:id/adresses', validate('param', idParam), validate('json', addressInputSchema), async (c) => {
    const user = await ownedUser(c, c.req.valid('param').id);
    if (!user) return c.json(notYours, 404);
    const { db, now } = c.var.deps;
    return answer(c, () => addAddress(db, user.id, c.req.valid('json'), now()), 201);
  })
  .put('/:id/adresses/:addressId', validate('param', addressParam), validate('json', addressUpdateSchema), async (c) => {
    const { id, addressId } = c.req.valid('param');
    const user = await ownedUser(c, id);
    if (!user) return c.json(notYours, 404);
    return answer(c, () => updateAddress(c.var.deps.db, user.id, addressId, c.req.valid('json')));
  })
  .delete('/:id/adresses/:addressId', validate('param', addressParam), async (c) => {
    const { id, addressId } = c.req.valid('param');
    const user = await ownedUser(c, id);
    if (!user) return c.json(notYours, 404);
    return answer(c, async () => {
      await removeAddress(c.var.deps.db, user.id, addressId);
      return { message: 'Adresse supprimée.' };
    });
  });
