/** Deleting a product (§7 `DELETE /api/produits/{id}`): gone when no order names it, otherwise withdrawn from sale, decided and done in one transaction. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderLines } from '../db/schema-orders.ts';
import { products } from '../db/schema.ts';
import { retrying } from '../orders/refusal.ts';
import { audit } from './audit.ts';

/** What became of the product: deleted, or retired (`wasOnSale` false when it was already off sale, and nothing changed). */
export type Removal = { outcome: 'deleted'; name: string } | { outcome: 'retired'; name: string; wasOnSale: boolean };

/** Deletes product `id`, or withdraws it from sale when an order line names it; audited; null when there is no such product. */
export async function removeProduct(db: Db, id: number, adminId: number, now: Date): Promise<Removal | null> {
  return retrying(() =>
    db.transaction(async (tx) => {
      // FOR UPDATE is the lock an order takes on the products whose stock it takes, and it excludes the FOR KEY SHARE that a
      // pre-order takes on its products and that every order line's foreign key takes. So an order holding the product
      // has committed its lines before this goes on (the next statement, in a fresh snapshot, sees them), and an order
      // coming later waits for this transaction, then finds the product gone ("Produit inconnu") or off sale.
      const [row] = await tx
        .select({ name: products.name, saleOk: products.saleOk })
        .from(products)
        .where(eq(products.id, id))
        .for('update');
      if (!row) return null;
      const [named] = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.productId, id)).limit(1);
      if (named) {
        if (row.saleOk) {
          await tx.update(products).set({ saleOk: false, updatedAt: now }).where(eq(products.id, id));
          await audit(tx, { userId: adminId, entity: 'product', entityId: id, action: 'retire', changes: { sale_ok: [true, false] } }, now);
        }
        return { outcome: 'retired', name: row.name, wasOnSale: row.saleOk };
      }
      await tx.delete(products).where(eq(products.id, id));
      await audit(tx, { userId: adminId, entity: 'product', entityId: id, action: 'delete', changes: { name: [row.name, null] } }, now);
      return { outcome: 'deleted', name: row.name };
    }),
  );
}

/** The French sentence answering a removal. */
export function removalMessage(r: Removal): string {
  if (r.outcome === 'deleted') return 'Produit supprimé.';
  return `Le produit « ${r.name} » figure dans des commandes : il ${r.wasOnSale ? 'est' : 'reste'} retiré de la vente au lieu d’être supprimé.`;
}
