/** Categories and tags as the back office writes them (§3): unique names, deletes refused while products use them, every write audited. */
import { asc, count, eq, sql } from 'drizzle-orm';
import { labelInUse, labelTaken, type AdminLabel, type LabelKind } from '../../domain/labels.ts';
import { isUniqueViolation } from '../accounts/lookup.ts';
import { rerankCategory } from '../db/category-rank.ts';
import type { Db } from '../db/client.ts';
import { categories, products, productTags, tags } from '../db/schema.ts';
import { audit } from './audit.ts';

// Both tables have the same columns; one type keeps drizzle's builders happy for either.
const TABLE = { category: categories, tag: tags as unknown as typeof categories } as const;

/** How many products use label `id`: those filed under the category, or carrying the tag. */
function usage(db: Db, kind: LabelKind, id: number) {
  return kind === 'category'
    ? db.select({ n: count() }).from(products).where(eq(products.categoryId, id))
    : db.select({ n: count() }).from(productTags).where(eq(productTags.tagId, id));
}

/** Every label of `kind` by name, with its product count. */
export async function labelsWithCounts(db: Db, kind: LabelKind): Promise<AdminLabel[]> {
  const rows =
    kind === 'category'
      ? await db
          .select({ id: categories.id, name: categories.name, products: sql<number>`count(${products.id})::int` })
          .from(categories)
          .leftJoin(products, eq(products.categoryId, categories.id))
          .groupBy(categories.id)
          .orderBy(asc(categories.name))
      : await db
          .select({ id: tags.id, name: tags.name, products: sql<number>`count(${productTags.productId})::int` })
          .from(tags)
          .leftJoin(productTags, eq(productTags.tagId, tags.id))
          .groupBy(tags.id)
          .orderBy(asc(tags.name));
  return rows.map((r) => ({ ...r, products: Number(r.products) }));
}

/** The outcome of a write: the row, or why it was refused (status and French body). */
export type LabelResult =
  | { ok: { id: number; name: string } }
  | { refused: 404 | 409; body: { message: string; field?: string; products?: number } };

const missing = (kind: LabelKind): LabelResult => ({
  refused: 404,
  body: { message: kind === 'category' ? 'Catégorie introuvable.' : 'Étiquette introuvable.' },
});
const taken = (kind: LabelKind, name: string): LabelResult => ({ refused: 409, body: { message: labelTaken(kind, name), field: 'name' } });

async function nameTaken(db: Db, kind: LabelKind, name: string, except?: number): Promise<boolean> {
  const t = TABLE[kind];
  const [row] = await db.select({ id: t.id }).from(t).where(sql`lower(${t.name}) = lower(${name})`);
  return !!row && row.id !== except;
}

/** Who writes, and when. */
export interface Author {
  userId: number;
  at: Date;
}

/** Creates (`id` null) or renames a label; a name taken by another, whatever its case, is refused. */
export async function saveLabel(db: Db, kind: LabelKind, id: number | null, name: string, by: Author): Promise<LabelResult> {
  const t = TABLE[kind];
  if (await nameTaken(db, kind, name, id ?? undefined)) return taken(kind, name);
  try {
    return await db.transaction(async (tx) => {
      if (id === null) {
        const [row] = await tx.insert(t).values({ name }).returning();
        await audit(tx, { userId: by.userId, entity: kind, entityId: row!.id, action: 'create', changes: { name: [null, name] } }, by.at);
        return { ok: row! };
      }
      const [before] = await tx.select().from(t).where(eq(t.id, id)).for('update');
      if (!before) return missing(kind);
      const [row] = await tx.update(t).set({ name }).where(eq(t.id, id)).returning();
      // The §9 order is read from a rank stored on products: a renamed category carries its products to their new place.
      if (kind === 'category') await rerankCategory(tx, id, name);
      if (before.name !== name)
        await audit(tx, { userId: by.userId, entity: kind, entityId: id, action: 'rename', changes: { name: [before.name, name] } }, by.at);
      return { ok: row! };
    });
  } catch (err) {
    // Two admins creating the same name at once: the unique index decides.
    if (isUniqueViolation(err)) return taken(kind, name);
    throw err;
  }
}

/** Deletes a label no product uses; otherwise 409 with the count. */
export async function deleteLabel(db: Db, kind: LabelKind, id: number, by: Author): Promise<LabelResult> {
  const t = TABLE[kind];
  return db.transaction(async (tx) => {
    // The lock makes a product being filed under it at this moment wait, then see it gone.
    const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
    if (!row) return missing(kind);
    const [used] = await usage(tx, kind, id);
    if (used && used.n > 0) return { refused: 409, body: { message: labelInUse(kind, row.name, used.n), products: used.n } };
    await tx.delete(t).where(eq(t.id, id));
    await audit(tx, { userId: by.userId, entity: kind, entityId: id, action: 'delete', changes: { name: [row.name, null] } }, by.at);
    return { ok: row };
  });
}
