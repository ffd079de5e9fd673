/** Packs as the back office reads and writes them (§3 "Pack"): every pack with its lines and total; lines replaced in one transaction, audited. */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { packTotal, type AdminPack, type PackInput } from '../../domain/pack-admin.ts';
import { isUniqueViolation } from '../accounts/lookup.ts';
import type { Db } from '../db/client.ts';
import { packLines, packs, products } from '../db/schema.ts';
import { audit, changesOf } from './audit.ts';
import type { Author } from './labels.ts';

/** The lines of packs `ids` with their products' name, stock and picture, by product id. */
export const packLinesOf = (db: Db, ids: number[]) =>
  db
    .select({
      packId: packLines.packId,
      product_id: products.id,
      name: products.name,
      quantity: packLines.quantity,
      price_unit: packLines.priceUnit,
      sale_ok: products.saleOk,
      stock: products.quantity,
      imageVersion: products.imageVersion,
    })
    .from(packLines)
    .innerJoin(products, eq(products.id, packLines.productId))
    .where(inArray(packLines.packId, ids))
    .orderBy(asc(products.id));

/** Every pack, active or not (newest first), or only pack `id`. */
export async function adminPacks(db: Db, id?: number): Promise<AdminPack[]> {
  const rows = await db
    .select()
    .from(packs)
    .where(id === undefined ? undefined : eq(packs.id, id))
    .orderBy(desc(packs.id));
  if (rows.length === 0) return [];
  const lines = await packLinesOf(
    db,
    rows.map((p) => p.id),
  );
  return rows.map((p) => {
    const own = lines.filter((l) => l.packId === p.id).map(({ packId: _p, imageVersion: _v, ...l }) => l);
    return { id: p.id, code: p.code, name: p.name, active: p.active, lines: own, total: packTotal(own) };
  });
}

/** The outcome of a write: the pack's id, or why it was refused (status and French body). */
export type PackResult = { ok: number } | { refused: 400 | 404 | 409; body: { message: string; field: string | undefined } };

const taken = (code: string, by?: string): PackResult => ({
  refused: 409,
  body: { message: by ? `Le code « ${code} » est déjà celui du pack « ${by} ».` : `Le code « ${code} » est déjà pris.`, field: 'code' },
});

// What the audit compares: the pack's fields and its lines in product order.
const snapshot = (
  p: { code: string; name: string; active: boolean },
  lines: ReadonlyArray<{ product_id: number; quantity: number; price_unit: number }>,
) => ({
  code: p.code,
  name: p.name,
  active: p.active,
  lines: [...lines]
    .sort((a, b) => a.product_id - b.product_id)
    .map((l) => ({ product_id: l.product_id, quantity: l.quantity, price_unit: l.price_unit })),
});

/** Creates (`id` null) or replaces pack `id`: refuses an unknown product (400) and a code another pack has (409). */
export async function savePack(db: Db, id: number | null, input: PackInput, by: Author): Promise<PackResult> {
  try {
    return await db.transaction(async (tx): Promise<PackResult> => {
      // Shared key locks: a product cannot be deleted between this check and the lines that name it.
      const ids = input.lines.map((l) => l.product_id);
      const known = new Set(
        (await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids)).for('key share')).map((r) => r.id),
      );
      const unknown = input.lines.findIndex((l) => !known.has(l.product_id));
      if (unknown >= 0)
        return { refused: 400, body: { message: `Produit inconnu : ${ids[unknown]}.`, field: `lines.${unknown}.product_id` } };
      const [holder] = await tx.select({ id: packs.id, name: packs.name }).from(packs).where(eq(packs.code, input.code));
      if (holder && holder.id !== id) return taken(input.code, holder.name);
      const fields = { code: input.code, name: input.name, active: input.active };
      let packId = id;
      let before: ReturnType<typeof snapshot> | Record<string, never> = {};
      if (packId === null) {
        packId = (await tx.insert(packs).values(fields).returning({ id: packs.id }))[0]!.id;
      } else {
        const [row] = await tx.select().from(packs).where(eq(packs.id, packId)).for('update');
        if (!row) return { refused: 404, body: { message: 'Pack introuvable.', field: undefined } };
        const old = await tx
          .select({ product_id: packLines.productId, quantity: packLines.quantity, price_unit: packLines.priceUnit })
          .from(packLines)
          .where(eq(packLines.packId, packId));
        before = snapshot(row, old);
        await tx.update(packs).set(fields).where(eq(packs.id, packId));
        await tx.delete(packLines).where(eq(packLines.packId, packId));
      }
      await tx
        .insert(packLines)
        .values(input.lines.map((l) => ({ packId: packId!, productId: l.product_id, quantity: l.quantity, priceUnit: l.price_unit })));
      const changes = changesOf(before, snapshot(fields, input.lines));
      if (Object.keys(changes).length)
        await audit(tx, { userId: by.userId, entity: 'pack', entityId: packId, action: id === null ? 'create' : 'update', changes }, by.at);
      return { ok: packId };
    });
  } catch (err) {
    // Two admins giving the same code at once: the unique index decides.
    if (isUniqueViolation(err)) return taken(input.code);
    throw err;
  }
}
