/** Who a logged-in order is for (§6): the caller, verified; an admin may order for a customer; credit only for accepted members. */
import type { Context } from 'hono';
import type { SaleType } from '../../domain/orders.ts';
import { findById } from '../accounts/lookup.ts';
import type { AppEnv } from '../context.ts';
import type { PlaceRequest } from '../orders/place.ts';

/** The customer of the order, or the French 400/403 answer that refuses it. */
export async function orderCustomer(
  c: Context<AppEnv>,
  partnerId: number | null | undefined,
  type: SaleType,
  delivery: { adresse?: string | null; telephone?: string | null },
): Promise<PlaceRequest['customer'] | Response> {
  const who = c.var.principal!;
  if (!who.isVerified) return c.json({ message: 'Vérifiez d’abord votre compte avec le code reçu par e-mail ou SMS.' }, 403);
  const target = partnerId ?? who.id;
  if (target !== who.id && who.role !== 'admin')
    return c.json({ message: 'Vous ne pouvez commander que pour votre propre compte.', field: 'partner_id' }, 403);
  const user = await findById(c.var.deps.db, target);
  if (!user) return c.json({ message: `Client inconnu : ${target}.`, field: 'partner_id' }, 400);
  if (type === 'creditorder' && user.adhesion !== 'accepted') {
    return c.json({ message: 'Les commandes à crédit sont réservées aux membres dont l’adhésion est acceptée.' }, 403);
  }
  return {
    userId: user.id,
    name: user.name,
    email: user.email,
    telephone: delivery.telephone ?? user.partnerPhone,
    adresse: delivery.adresse ?? null,
  };
}
