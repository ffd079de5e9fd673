/** Admin writes of §7 for categories and tags (a tag's body is a category's: a name): `POST /`, `PUT /{id}`, `DELETE /{id}` under each one's path. */
import { Hono } from 'hono';
import { categoryInputSchema as labelInputSchema } from '../../domain/catalogue.ts';
import type { LabelKind } from '../../domain/labels.ts';
import { deleteLabel, saveLabel } from '../admin/labels.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import { idParam, validate } from '../http/validate.ts';

const DELETED = { category: 'Catégorie supprimée.', tag: 'Étiquette supprimée.' } as const;

/** The write routes of `kind`, to mount beside its public reads. */
export function labelWrites(kind: LabelKind) {
  return new Hono<AppEnv>()
    .post('/', requireAdmin, validate('json', labelInputSchema), async (c) => {
      const result = await saveLabel(c.var.deps.db, kind, null, c.req.valid('json').name, {
        userId: c.var.principal!.id,
        at: c.var.deps.now(),
      });
      return 'ok' in result ? c.json(result.ok, 201) : c.json(result.body, result.refused);
    })
    .put('/:id', requireAdmin, validate('param', idParam), validate('json', labelInputSchema), async (c) => {
      const result = await saveLabel(c.var.deps.db, kind, c.req.valid('param').id, c.req.valid('json').name, {
        userId: c.var.principal!.id,
        at: c.var.deps.now(),
      });
      return 'ok' in result ? c.json(result.ok) : c.json(result.body, result.refused);
    })
    .delete('/:id', requireAdmin, validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      const result = await deleteLabel(c.var.deps.db, kind, id, { userId: c.var.principal!.id, at: c.var.deps.now() });
      return 'ok' in result ? c.json({ message: DELETED[kind], id }) : c.json(result.body, result.refused);
    });
}
