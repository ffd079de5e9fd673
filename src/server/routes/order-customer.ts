/** Who a logged-in order is for (§6): the caller, verified; an admin may order for a customer; credit only for accepted members; never without an address and a phone (§5). */
import type { Context } from 'hono';
import { isCreditMember } from '../../domain/credit.ts';
import type { SaleType } from '../../domain/orders.ts';
import { ADDRESS } from '../../domain/orders.schema.ts';
import { orderingCustomer } from '../accounts/addresses.ts';
import type { AppEnv } from '../context.ts';
import type { PlaceRequest } from '../orders/place.ts';

/** The customer of the order, or the French 400/403 answer that refuses it; a missing address or phone comes from the default delivery address (a phone, else from the account). */
export async function orderCustomer(
  c: Context<AppEnv>,
  partnerId: number | null | undefined,
  type: SaleType,
  delivery: { adresse?: string | null; telephone?: string | null },
): Promise<(PlaceRequest['customer'] & { parentId: number | null }) | Response> {
  const who = c.var.principal!;
  if (!who.isVerified) return c.json({ message: 'Vérifiez d’abord votre compte avec le code reçu par e-mail ou SMS.' }, 403);
  const target = partnerId ?? who.id;
  if (target !== who.id && who.role !== 'admin')
    return c.json({ message: 'Vous ne pouvez commander que pour votre propre compte.', field: 'partner_id' }, 403);
  // The account and its default address in one query: most orders take their address and phone from it.
  const user = await orderingCustomer(c.var.deps.db, target);
  if (!user) return c.json({ message: `Client inconnu : ${target}.`, field: 'partner_id' }, 400);
  const saved = user.address;
  if (type === 'creditorder' && !isCreditMember(user))
    return c.json({ message: 'Les commandes à crédit sont réservées aux membres dont l’adhésion est acceptée.' }, 403);
  const adresse = delivery.adresse ?? saved?.adresse;
  // The account's own mobile (§5) is a phone the shop can call when no delivery address names one.
  const telephone = delivery.telephone ?? saved?.telephone ?? user.partnerPhone;
  if (!adresse) return c.json({ message: ADDRESS, field: 'adresse' }, 400);
  if (!telephone) return c.json({ message: 'Le téléphone est obligatoire.', field: 'telephone' }, 400);
  return { userId: user.id, name: user.name, email: user.email, telephone, adresse, parentId: user.parentId };
}
