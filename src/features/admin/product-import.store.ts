/** The catalogue as a CSV file (§3 product fields): export, then an import previewed row by row and written all or nothing. */
import { atom } from 'nanostores';
import * as z from '../../domain/zod.ts';
import {
  importPreviewSchema,
  importResultSchema,
  MAX_UPLOAD_BYTES,
  type ImportPreview,
  type ImportResult,
} from '../../domain/admin-products.schema.ts';
import { decodeCsv } from '../../domain/catalogue-csv.ts';
import { api } from '../../lib/api.ts';
import { upload } from '../../lib/upload.ts';
import { toast } from '../frame/toast.store.ts';
import { failure } from '../orders/orders.store.ts';
import { refused, type Via } from './admin.store.ts';

/** Where an import stands: nothing chosen, a file on its way (0 to 1), its preview, written, or refused. */
export type ImportState =
  | { step: 'idle' }
  | { step: 'sending'; file: string; progress: number; writing: boolean }
  | { step: 'preview'; file: string; text: string; preview: ImportPreview }
  | { step: 'done'; file: string; result: ImportResult }
  | { step: 'error'; file: string; message: string; preview?: ImportPreview };

/** The import screen's one import at a time. */
export const $productImport = atom<ImportState>({ step: 'idle' });

const CSV = 'text/csv; charset=utf-8';
const refusalSchema = z.extend(z.partial(importPreviewSchema), { message: z.string() });
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;

/** `GET /api/admin/produits.csv`, saved by the browser as `produits-AAAA-MM-JJ.csv`. */
export async function exportCatalogue({ client = api }: Via = {}): Promise<void> {
  try {
    const blob = await client<Blob, 'blob'>('/api/admin/produits.csv', { responseType: 'blob' });
    const url = URL.createObjectURL(blob);
    const link = Object.assign(document.createElement('a'), { href: url, download: `produits-${new Date().toLocaleDateString('sv')}.csv` });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast('Catalogue exporté.', { kind: 'success' });
  } catch (err) {
    client.log('Erreur lors de l’export du catalogue', err);
    refused(err, 'Export impossible. Réessayez.');
  }
}

/** Reads a chosen file (UTF-8 or Excel's Windows-1252) and asks the server what importing it would do. */
export async function previewImport(file: File, { client = api }: Via = {}): Promise<void> {
  if (file.size > MAX_UPLOAD_BYTES) {
    $productImport.set({
      step: 'error',
      file: file.name,
      message: `Le fichier dépasse ${MAX_UPLOAD_BYTES / 1024 / 1024} Mo : découpez-le en plusieurs fichiers.`,
    });
    return;
  }
  $productImport.set({ step: 'sending', file: file.name, progress: 0, writing: false });
  try {
    const text = decodeCsv(new Uint8Array(await file.arrayBuffer()));
    const onProgress = (progress: number) => $productImport.set({ step: 'sending', file: file.name, progress, writing: false });
    const preview = await upload(importPreviewSchema, 'Erreur lors de la lecture du fichier', {
      method: 'POST',
      path: '/api/admin/produits/import/apercu',
      body: text,
      type: CSV,
      onProgress,
      client,
    });
    $productImport.set({ step: 'preview', file: file.name, text, preview });
  } catch (err) {
    $productImport.set({ step: 'error', file: file.name, message: failure(err, 'Lecture du fichier impossible. Réessayez.') });
  }
}

/** 'Importer': every row written in one transaction, or none (the server checks the file again). */
export async function commitImport({ client = api }: Via = {}): Promise<void> {
  const state = $productImport.get();
  if (state.step !== 'preview') return;
  const { file, text } = state;
  const onProgress = (progress: number) => $productImport.set({ step: 'sending', file, progress, writing: progress >= 1 });
  $productImport.set({ step: 'sending', file, progress: 0, writing: false });
  try {
    const result = await upload(importResultSchema, 'Erreur lors de l’import du catalogue', {
      method: 'POST',
      path: '/api/admin/produits/import',
      body: text,
      type: CSV,
      onProgress,
      client,
    });
    $productImport.set({ step: 'done', file, result });
    toast(
      `Import terminé : ${plural(result.created, 'produit créé', 'produits créés')}, ${plural(result.updated, 'mis à jour', 'mis à jour')}.`,
      { kind: 'success' },
    );
  } catch (err) {
    const refusal = refusalSchema.safeParse((err as { data?: unknown })?.data);
    const message = refusal.success ? refusal.data.message : failure(err, 'Import impossible. Réessayez.');
    const preview =
      refusal.success && refusal.data.rows && refusal.data.counts
        ? { rows: refusal.data.rows, counts: refusal.data.counts, errors: refusal.data.errors ?? [] }
        : undefined;
    $productImport.set({ step: 'error', file, message, ...(preview ? { preview } : {}) });
    toast(`Rien n’a été importé. ${message}`, { kind: 'error' });
  }
}

/** Back to choosing a file. */
export const resetImport = () => $productImport.set({ step: 'idle' });
