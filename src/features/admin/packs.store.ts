/** The back office's packs (§3 "Pack"): every pack, create, edit, on/off, and the product search of the pack form; the only pack-admin code that calls the API. */
import { atom } from 'nanostores';
import * as z from '../../domain/zod.ts';
import { adminPackSchema, pickableProductsSchema, type AdminPack, type PackInput } from '../../domain/pack-admin.ts';
import { shopperPrice } from '../../domain/pricing.ts';
import { api, callApi } from '../../lib/api.ts';
import { toast } from '../frame/toast.store.ts';
import { changed, into, refused, type Loaded, type Via } from './admin.store.ts';

/** Every pack, active or not, newest first. */
export const $adminPacks = atom<Loaded<AdminPack[]>>({ status: 'loading' });

/** A product the pack form can add, at the price a shopper pays today (§4). */
export interface PackProduct {
  id: number;
  name: string;
  price: number;
}

/** Loads the packs. */
export const loadAdminPacks = ({ client = api }: Via = {}) =>
  into($adminPacks, () => callApi(z.array(adminPackSchema), 'Erreur lors de la récupération des packs', '/api/admin/packs', { client }));

function keep(pack: AdminPack): void {
  const now = $adminPacks.get();
  const others = now.status === 'ready' ? now.data.filter((p) => p.id !== pack.id) : [];
  $adminPacks.set({ status: 'ready', data: [pack, ...others].sort((a, b) => b.id - a.id) });
}

/** Creates (`id` null) or replaces a pack; resolves with it, or with the server's French reason and the field it names. */
export async function savePack(
  id: number | null,
  input: PackInput,
  { client = api }: Via = {},
): Promise<{ pack: AdminPack } | { message: string; field?: string }> {
  try {
    const pack = await callApi(
      adminPackSchema,
      id === null ? 'Erreur lors de la création du modèle' : 'Erreur lors de la mise à jour',
      id === null ? '/api/admin/packs' : `/api/admin/packs/${id}`,
      { client, method: id === null ? 'POST' : 'PUT', body: input },
    );
    keep(pack);
    toast(id === null ? 'Pack créé.' : 'Pack enregistré.', { kind: 'success' });
    return { pack };
  } catch (err) {
    const message = refused(err);
    const field = (err as { data?: { field?: unknown } }).data?.field;
    return typeof field === 'string' ? { message, field } : { message };
  }
}

/** Offers a pack to shoppers or takes it off (its link then answers that the pack is no longer available). */
export async function setPackActive(pack: AdminPack, active: boolean, { client = api }: Via = {}): Promise<boolean> {
  const body: PackInput = {
    code: pack.code,
    name: pack.name,
    active,
    lines: pack.lines.map(({ product_id, quantity, price_unit }) => ({ product_id, quantity, price_unit })),
  };
  return changed(async () => {
    keep(await callApi(adminPackSchema, 'Erreur lors de la mise à jour', `/api/admin/packs/${pack.id}`, { client, method: 'PUT', body }));
    return active ? `« ${pack.name} » est de nouveau proposé.` : `« ${pack.name} » n’est plus proposé.`;
  });
}

/** Products for sale whose name or description holds `search` (the shop's own listing, §7), with their shopper price. */
export async function searchPackProducts(search: string, signal: AbortSignal, { client = api }: Via = {}): Promise<PackProduct[]> {
  const found = await callApi(pickableProductsSchema, 'Erreur lors de la récupération des produits', '/api/produits-filtrer', {
    client,
    signal,
    query: { search, limit: 20 },
  });
  return found.products.map((p) => ({ id: p.id, name: p.name, price: shopperPrice(p) }));
}
