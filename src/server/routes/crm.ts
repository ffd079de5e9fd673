/** `POST /api/create_or_update_crm`: one CRM record per guest and type, prices recomputed from the products table. */
import { eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { unitPrice, type TrackedKind } from '../../domain/collections.ts';
import { crmRecordSchema } from '../../domain/crm.ts';
import type { AppEnv } from '../context.ts';
import { crmRecords } from '../db/schema-crm.ts';
import { products, users } from '../db/schema.ts';
import { addressKey, clientAddress } from '../http/client-address.ts';
import { databaseLimiter, tooMany } from '../http/rate-limit.ts';
import { validate } from '../http/validate.ts';

const kindOf = { commande: 'cart', precommande: 'preorder', acredit: 'creditOrder' } as const satisfies Record<string, TrackedKind>;

/** Limits per minute: a guest id, and one address (several guests may share it); counted in the database, so every instance shares them. */
export const CRM_LIMITS = { perGuest: 30, perAddress: 120, seconds: 60 } as const;

/** The CRM sub-app (mounted at `/api`). */
export function crmRoutes() {
  return new Hono<AppEnv>().post('/create_or_update_crm', validate('json', crmRecordSchema), async (c) => {
    const { db, now } = c.var.deps;
    const record = c.req.valid('json');
    const ip = clientAddress(c);
    const wait =
      (await databaseLimiter(db, 'crm:address', CRM_LIMITS.perAddress, CRM_LIMITS.seconds)(addressKey(c))) ||
      (await databaseLimiter(db, 'crm:guest', CRM_LIMITS.perGuest, CRM_LIMITS.seconds)(record.guest_id));
    if (wait > 0) return tooMany(c, wait, 'Trop de requêtes : veuillez patienter quelques instants avant de réessayer.');

    const ids = [...new Set(record.produits.map((p) => p.id))];
    const rows = await db.select().from(products).where(inArray(products.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.find((id) => !byId.get(id)?.saleOk);
    if (missing !== undefined) return c.json({ message: `Produit inconnu ou indisponible : ${missing}.`, field: 'produits' }, 400);

    const kind = kindOf[record.type];
    const produits = record.produits.map((p) => {
      const r = byId.get(p.id)!;
      const prix = unitPrice(kind, {
        list_price: r.listPrice,
        en_promo: r.enPromo,
        promo_price: r.promoPrice,
        preorder_price: r.preorderPrice,
        creditorder_price: r.creditorderPrice,
      });
      return { ...p, nom: r.name, prix };
    });
    const total = produits.reduce((sum, p) => sum + p.prix * p.quantité, 0);

    // A logged-in caller is named from the account, not from what the browser says.
    let contact = { name: record.name, phone: record.phone, email: record.email };
    const who = c.var.principal;
    if (who) {
      const [u] = await db
        .select({ name: users.name, phone: users.partnerPhone, email: users.email })
        .from(users)
        .where(eq(users.id, who.id));
      if (u) contact = u;
    }
    const values = {
      guestId: record.guest_id,
      type: record.type,
      userId: who?.id ?? null,
      ...contact,
      location: record.location,
      localisation: record.localisation,
      total,
      date: record.date,
      produits,
      ip,
      updatedAt: now(),
    };
    const [saved] = await db
      .insert(crmRecords)
      .values(values)
      .onConflictDoUpdate({ target: [crmRecords.guestId, crmRecords.type], set: { ...values, guestId: undefined, type: undefined } })
      .returning({ id: crmRecords.id });
    return c.json({ id: saved!.id, total, produits }, 200);
  });
}
