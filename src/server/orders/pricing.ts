/** Prices an order inside its transaction from the catalogue (§4 "Pricing"), locking its products (for update where it takes their stock). */
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { OrderLineInput } from '../../domain/orders.schema.ts';
import { orderUnitPrice, productRefusal, type OrderableProduct, type PricedLine, type SaleType } from '../../domain/orders.ts';
import type { Db } from '../db/client.ts';
import { priceColumns } from '../db/products.ts';
import { packLines, packs, products } from '../db/schema.ts';
import { OrderRefusal } from './refusal.ts';

// The columns an order reads of its products: never the description, which may be long and no order shows.
const ORDERED = {
  id: products.id,
  name: products.name,
  ...priceColumns,
  quantity: products.quantity,
  imageVersion: products.imageVersion,
};

/** A product row as the order rules read it. */
type ProductRow = { [K in keyof typeof ORDERED]: (typeof products.$inferSelect)[K] };

/** Lines priced by the server, and the pack they came from. */
export interface Priced {
  lines: Array<Omit<PricedLine, 'price_subtotal'>>;
  packId: number | null;
  rows: Map<number, ProductRow>;
}

const PACK_GONE = "Le pack n'est plus d'actualité ou indisponible.";

/**
 * The products of `ids`, locked in id order (so concurrent orders queue, never deadlock): `FOR UPDATE` when their stock
 * will change, otherwise `FOR KEY SHARE`, the lock the order lines' foreign key takes anyway, taken before reading so
 * that a product deleted or withdrawn meanwhile is seen as such rather than failing the lines' insert.
 */
async function loadProducts(tx: Db, ids: number[], takesStock: boolean): Promise<Map<number, ProductRow>> {
  const rows = await tx
    .select(ORDERED)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for(takesStock ? 'update' : 'key share');
  return new Map(rows.map((r) => [r.id, r]));
}

// A pre-order reads the stock without locking it (it takes none): a delivery landing at that very moment may still let one
// through, which is the pre-order the shopper asked for a second earlier.
const asOrderable = (r: ProductRow): OrderableProduct => ({
  name: r.name,
  list_price: r.listPrice,
  en_promo: r.enPromo,
  promo_price: r.promoPrice,
  preorder_price: r.preorderPrice,
  is_creditorder: r.isCreditorder,
  creditorder_price: r.creditorderPrice,
  sale_ok: r.saleOk,
  quantity: r.quantity,
});

/** Refuses unknown, duplicate or unorderable products (a pre-order of a product in stock too), naming the first one. */
function checkLines(type: SaleType, lines: readonly OrderLineInput[], rows: Map<number, ProductRow>): void {
  const seen = new Set<number>();
  lines.forEach((line, i) => {
    const row = rows.get(line.id);
    const field = `order_lines.${i}.id`;
    if (!row) throw new OrderRefusal(400, `Produit inconnu : ${line.id}.`, { field, product_id: line.id });
    if (seen.has(line.id))
      throw new OrderRefusal(400, `Le produit « ${row.name} » apparaît deux fois dans la commande.`, { field, product_id: line.id });
    seen.add(line.id);
    const refusal = productRefusal(type, asOrderable(row));
    if (refusal) throw new OrderRefusal(400, refusal, { field, product_id: line.id });
  });
}

/** §4: a collection order priced with the sale type's rule (promo, pre-order or credit price). */
export async function priceCollection(tx: Db, type: SaleType, lines: readonly OrderLineInput[], takesStock: boolean): Promise<Priced> {
  const rows = await loadProducts(tx, [...new Set(lines.map((l) => l.id))], takesStock);
  checkLines(type, lines, rows);
  return {
    packId: null,
    rows,
    lines: lines.map((l) => {
      const row = rows.get(l.id)!;
      return { product_id: row.id, name: row.name, quantity: l.quantity, price_unit: orderUnitPrice(type, asOrderable(row)) };
    }),
  };
}

const sameLines = (a: ReadonlyArray<{ id: number; quantity: number }>, b: ReadonlyArray<{ id: number; quantity: number }>) =>
  a.length === b.length && a.every((x) => b.some((y) => y.id === x.id && y.quantity === x.quantity));

/** §3 pack orders: the pack named by `code` (or the active pack whose lines are exactly these), at its own unit prices. */
export async function pricePack(
  tx: Db,
  code: string | null | undefined,
  lines: readonly OrderLineInput[],
  takesStock: boolean,
): Promise<Priced> {
  const candidates = await tx
    .select({ id: packs.id, name: packs.name, active: packs.active })
    .from(packs)
    .where(code ? eq(packs.code, code) : eq(packs.active, true))
    .orderBy(asc(packs.id));
  if (code && !candidates[0]?.active) throw new OrderRefusal(409, PACK_GONE, { field: 'pack_code' });
  const contents =
    candidates.length === 0
      ? []
      : await tx
          .select({ packId: packLines.packId, id: packLines.productId, quantity: packLines.quantity, priceUnit: packLines.priceUnit })
          .from(packLines)
          .where(
            inArray(
              packLines.packId,
              candidates.map((p) => p.id),
            ),
          );
  const pack = candidates.find((p) =>
    sameLines(
      contents.filter((c) => c.packId === p.id),
      lines,
    ),
  );
  if (!pack) {
    const message = code
      ? `Les produits envoyés ne correspondent pas au pack « ${candidates[0]!.name} ».`
      : 'La commande ne correspond à aucun pack disponible.';
    throw new OrderRefusal(400, message, { field: 'order_lines' });
  }
  const rows = await loadProducts(
    tx,
    lines.map((l) => l.id),
    takesStock,
  );
  checkLines('order', lines, rows);
  const priceOf = new Map(contents.filter((c) => c.packId === pack.id).map((c) => [c.id, c.priceUnit]));
  return {
    packId: pack.id,
    rows,
    lines: lines.map((l) => ({ product_id: l.id, name: rows.get(l.id)!.name, quantity: l.quantity, price_unit: priceOf.get(l.id)! })),
  };
}

/** Takes the lines' units from stock, in id order; 409 'Stock insuffisant' naming the product when one is short. */
export async function takeStock(tx: Db, priced: Priced, now: Date): Promise<void> {
  const wanted = new Map<number, number>();
  for (const l of priced.lines) wanted.set(l.product_id, (wanted.get(l.product_id) ?? 0) + l.quantity);
  for (const [id, quantity] of [...wanted].sort(([a], [b]) => a - b)) {
    const row = priced.rows.get(id)!;
    if (row.quantity < quantity) {
      const left = Math.max(0, row.quantity);
      const message =
        left === 0
          ? `Stock insuffisant pour « ${row.name} » : il n’en reste plus.`
          : `Stock insuffisant pour « ${row.name} » : il en reste ${left}.`;
      throw new OrderRefusal(409, message, { product_id: id, available: left });
    }
    // The row is locked, so this cannot miss; the condition still keeps stock from ever going negative.
    const [updated] = await tx
      .update(products)
      .set({ quantity: sql`${products.quantity} - ${quantity}`, updatedAt: now })
      .where(and(eq(products.id, id), gte(products.quantity, quantity)))
      .returning({ quantity: products.quantity });
    if (!updated) throw new OrderRefusal(409, `Stock insuffisant pour « ${row.name} ».`, { product_id: id, available: 0 });
  }
}
