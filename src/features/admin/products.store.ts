/** The back office's products (§3 product fields, §7 "Products and categories"): list, editor, photo, delete (or withdrawal from sale). The only product screen code that calls the API. */
import { atom } from 'nanostores';
import * as z from '../../domain/zod.ts';
import { auditEntrySchema } from '../../domain/admin.schema.ts';
import {
  adminProductListSchema,
  IMAGE_UPLOAD_TYPES,
  MAX_UPLOAD_BYTES,
  type AdminProductQuery,
} from '../../domain/admin-products.schema.ts';
import { productSchema, type Category, type Product, type ProductRemoval, type Tag } from '../../domain/catalogue.ts';
import type { ProductInput } from '../../domain/product-input.ts';
import { api, callApi } from '../../lib/api.ts';
import { createProduct, deleteProduct, getCategories, getProduct, getTags, updateProduct } from '../../lib/catalogue-api.ts';
import { upload } from '../../lib/upload.ts';
import { toast } from '../frame/toast.store.ts';
import { afresh, changed, filled, refused, type AuditEntry, type Loaded, type Via } from './admin.store.ts';

/** One page of the product table. */
export const $adminProducts = atom<Loaded<{ products: Product[]; total: number; held: Record<string, number> }>>({ status: 'loading' });
/** Categories and tags, for filters and the form. */
export const $productRefs = atom<Loaded<{ categories: Category[]; tags: Tag[] }>>({ status: 'loading' });
/** The product being edited (null while creating one) and its journal. */
export const $productEditor = atom<Loaded<{ product: Product | null; audit: AuditEntry[] }>>({ status: 'loading' });

/** `GET /api/admin/produits` for these filters. */
export const loadAdminProducts = (query: Partial<AdminProductQuery>, { client = api }: Via = {}) =>
  afresh($adminProducts, () =>
    callApi(adminProductListSchema, 'Erreur lors de la récupération des produits', '/api/admin/produits', { client, query: filled(query) }),
  );

/** Categories and tags, once per page. */
export function loadProductRefs({ client = api }: Via = {}) {
  if ($productRefs.get().status === 'ready') return Promise.resolve();
  return afresh($productRefs, async () => ({ categories: await getCategories({ client }), tags: await getTags({ client }) }));
}

const journalOf = (id: number, client = api) =>
  callApi(z.array(auditEntrySchema), 'Erreur lors de la récupération du journal', '/api/admin/audit', {
    client,
    query: { entity: 'product', id },
  });

const editorOf = async (id: number, client = api) => ({ product: await getProduct(id, { client }), audit: await journalOf(id, client) });

async function refresh(id: number, client = api) {
  $productEditor.set({ status: 'ready', data: await editorOf(id, client) });
}

/** The editor for product `id`, or an empty one (null). */
export const loadProductEditor = (id: number | null, { client = api }: Via = {}) =>
  afresh($productEditor, async () => (id === null ? { product: null, audit: [] } : editorOf(id, client)));

/** What a save gives: the product, or the server's French reason and the field it names. */
export type Saved = { ok: true; product: Product } | { ok: false; message: string; field?: string };

/** Creates (`id` null) or updates a product with a body checked by the API's schema. */
export async function saveProduct(id: number | null, input: ProductInput, { client = api }: Via = {}): Promise<Saved> {
  try {
    const product = id === null ? await createProduct(input, { client }) : await updateProduct(id, input, { client });
    if (id !== null) {
      await refresh(id, client).catch(() => undefined);
      toast('Produit enregistré.', { kind: 'success' });
    }
    return { ok: true, product };
  } catch (err) {
    const field = (err as { data?: { field?: unknown } })?.data?.field;
    const message = refused(err, 'Enregistrement impossible. Réessayez.');
    return { ok: false, message, ...(typeof field === 'string' ? { field } : {}) };
  }
}

/** Runs a write, then shows the product as it now is with a success toast, or the server's reason in an error toast. */
const change = (id: number, run: () => Promise<unknown>, done: string, fallback: string, client = api) =>
  changed(async () => {
    await run();
    await refresh(id, client).catch(() => undefined);
    return done;
  }, fallback);

/** Why a file cannot be sent as a product photo, in French, or null. */
export function imageProblem(file: File): string | null {
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'Choisissez une image JPEG, PNG ou WebP.';
  if (file.size > MAX_UPLOAD_BYTES) return `L’image dépasse ${MAX_UPLOAD_BYTES / 1024 / 1024} Mo.`;
  return null;
}

/** Sends a photo (resized on the server to every size the shop serves), reporting progress from 0 to 1. */
export async function uploadProductImage(
  id: number,
  file: File,
  onProgress: (fraction: number) => void,
  { client = api }: Via = {},
): Promise<boolean> {
  const problem = imageProblem(file);
  if (problem) {
    toast(problem, { kind: 'error' });
    return false;
  }
  return change(
    id,
    () =>
      upload(productSchema, 'Erreur lors de l’envoi de l’image', {
        method: 'PUT',
        path: `/api/admin/produits/${id}/image`,
        body: file,
        type: file.type,
        onProgress,
        client,
      }),
    'Image enregistrée.',
    'Envoi de l’image impossible. Réessayez.',
    client,
  );
}

/** Deletes a product; one that orders name is withdrawn from sale instead (the answer says which), and the editor then shows it off sale. */
export async function removeProduct(id: number, { client = api }: Via = {}): Promise<ProductRemoval | null> {
  try {
    const removal = await deleteProduct(id, { client });
    if (removal.outcome === 'retired') await refresh(id, client).catch(() => undefined);
    return removal;
  } catch (err) {
    refused(err, 'Suppression impossible. Réessayez.');
    return null;
  }
}
