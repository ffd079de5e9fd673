/** Stock held by orders waiting for payment or confirmation (src/domain/holds.ts), apart from stock sold: what the back office shows beside each product's stock. */
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderLines, orders } from '../db/schema-orders.ts';

/** Units of each of `productIds` taken by orders still holding them (a product with none is absent). */
export async function heldUnits(db: Db, productIds: readonly number[]): Promise<Record<number, number>> {
  if (productIds.length === 0) return {};
  const rows = await db
    .select({ id: orderLines.productId, units: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .innerJoin(orders, sql`${orders.id} = ${orderLines.orderId}`)
    .where(and(isNotNull(orders.holdUntil), inArray(orderLines.productId, [...productIds])))
    .groupBy(orderLines.productId);
  return Object.fromEntries(rows.map((r) => [r.id!, Number(r.units)]));
}
