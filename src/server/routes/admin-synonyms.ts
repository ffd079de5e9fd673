/**
 * The words shoppers use (§9 search), edited in the back office: `GET /api/admin/synonymes`, `POST /`, `PUT /{id}`,
 * `DELETE /{id}`, admins only. Each write moves the catalogue versions (trigger of migration 0012), so no remembered
 * listing answer or total outlives it.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { synonymSchema, type SynonymInput, type SynonymView } from '../../domain/search-words.ts';
import { isUniqueViolation } from '../accounts/lookup.ts';
import { audit, changesOf } from '../admin/audit.ts';
import { requireAdmin } from '../auth/guard.ts';
import type { AppEnv } from '../context.ts';
import type { Db } from '../db/client.ts';
import { searchSynonyms } from '../db/schema-search.ts';
import { idParam, validate } from '../http/validate.ts';

const NOT_FOUND = { message: 'Synonyme introuvable.' };
const taken = (mot: string) => ({ message: `Le mot « ${mot} » a déjà un équivalent.`, field: 'mot' });
const toView = (r: typeof searchSynonyms.$inferSelect): SynonymView => ({ id: r.id, mot: r.word, equivalent: r.meaning });

/** Every synonym, by word. */
async function allSynonyms(db: Db): Promise<SynonymView[]> {
  return (
    await db
      .select()
      .from(searchSynonyms)
      .orderBy(asc(sql`search_fold(${searchSynonyms.word})`), asc(searchSynonyms.id))
  ).map(toView);
}

/** Who writes, and when (the audit journal's entry). */
type Author = { userId: number; at: Date };

/** Writes one synonym (`id` null: a new one) and its journal entry; null when `id` names none, 'taken' when its word already has one. */
async function saveSynonym(db: Db, id: number | null, body: SynonymInput, by: Author): Promise<SynonymView | null | 'taken'> {
  const values = { word: body.mot, meaning: body.equivalent };
  try {
    return await db.transaction(async (tx) => {
      const [before] = id === null ? [] : await tx.select().from(searchSynonyms).where(eq(searchSynonyms.id, id)).for('update');
      if (id !== null && !before) return null;
      const [row] =
        id === null
          ? await tx.insert(searchSynonyms).values(values).returning()
          : await tx.update(searchSynonyms).set(values).where(eq(searchSynonyms.id, id)).returning();
      const changes = changesOf(before ? { mot: before.word, equivalent: before.meaning } : {}, body);
      await audit(
        tx,
        { userId: by.userId, entity: 'synonym', entityId: row!.id, action: id === null ? 'create' : 'update', changes },
        by.at,
      );
      return toView(row!);
    });
  } catch (err) {
    // One meaning per word, accents and case aside: the unique index on search_fold(word) decides.
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

/** The synonym sub-app, mounted at `/api/admin/synonymes`. */
export const adminSynonymRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => c.json(await allSynonyms(c.var.deps.db)))
  .post('/', requireAdmin, validate('json', synonymSchema), async (c) => {
    const body = c.req.valid('json');
    const saved = await saveSynonym(c.var.deps.db, null, body, { userId: c.var.principal!.id, at: c.var.deps.now() });
    if (saved === 'taken' || saved === null) return c.json(taken(body.mot), 409);
    return c.json(saved, 201);
  })
  .put('/:id', requireAdmin, validate('param', idParam), validate('json', synonymSchema), async (c) => {
    const body = c.req.valid('json');
    const saved = await saveSynonym(c.var.deps.db, c.req.valid('param').id, body, { userId: c.var.principal!.id, at: c.var.deps.now() });
    if (saved === 'taken') return c.json(taken(body.mot), 409);
    return saved ? c.json(saved) : c.json(NOT_FOUND, 404);
  })
  .delete('/:id', requireAdmin, validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, now } = c.var.deps;
    const row = await db.transaction(async (tx) => {
      const [gone] = await tx.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning();
      if (gone)
        await audit(
          tx,
          {
            userId: c.var.principal!.id,
            entity: 'synonym',
            entityId: id,
            action: 'delete',
            changes: changesOf({ mot: gone.word, equivalent: gone.meaning }, { mot: null, equivalent: null }),
          },
          now(),
        );
      return gone;
    });
    return row ? c.json({ message: 'Synonyme supprimé.', id }) : c.json(NOT_FOUND, 404);
  });
