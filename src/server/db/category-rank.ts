/** The §9 rank stored on each product (`products.category_rank`): set where products are filed, refreshed where categories are renamed. */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { categoryBucket, PRIORITY_CATEGORIES } from '../../domain/sorting.ts';
import type { Db } from './client.ts';
import { categories, products } from './schema.ts';

const OTHERS = PRIORITY_CATEGORIES.length;

/** SQL of the rank a product filed under `categoryId` gets, read from the category's current name. */
export function rankOfCategory(categoryId: number | null): SQL {
  if (categoryId === null) return sql`${OTHERS}::smallint`;
  const buckets = sql.join(
    PRIORITY_CATEGORIES.map((n, i) => sql`when ${n} then ${i}`),
    sql` `,
  );
  // FOR SHARE: a rename of that category in flight finishes first, so the product gets the new name's rank
  // (and a rename that starts later waits for this write, then re-ranks it with the others).
  return sql`coalesce((select (case upper(${categories.name}) ${buckets} else ${OTHERS} end)::smallint from ${categories} where ${categories.id} = ${categoryId} for share), ${OTHERS})`;
}

/** After a category is renamed to `name`: every product filed under it takes that name's rank. */
export async function rerankCategory(db: Db, categoryId: number, name: string): Promise<void> {
  const rank = categoryBucket(name);
  await db
    .update(products)
    .set({ categoryRank: rank })
    .where(and(eq(products.categoryId, categoryId), ne(products.categoryRank, rank)));
}
