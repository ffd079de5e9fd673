/** The back office's categories and tags (§3): lists with product counts, create, rename, delete; the only code of that screen that calls the API. */
import { atom } from 'nanostores';
import * as z from '../../domain/zod.ts';
import { adminLabelSchema, labelSchema, type AdminLabel, type LabelKind } from '../../domain/labels.ts';
import { api, callApi } from '../../lib/api.ts';
import { kept, written, type Loaded, type Via } from './admin.store.ts';

/** Both lists, by name, with how many products use each entry. */
export const $labels = atom<Loaded<Record<LabelKind, AdminLabel[]>>>({ status: 'loading' });

const PATH = { category: '/api/categories', tag: '/api/tags' } as const;
const DONE = {
  category: { create: 'Catégorie créée.', rename: 'Catégorie renommée.', delete: 'Catégorie supprimée.' },
  tag: { create: 'Étiquette créée.', rename: 'Étiquette renommée.', delete: 'Étiquette supprimée.' },
} as const;
const list = z.array(adminLabelSchema);

/** Loads (or reloads, keeping what is shown) both lists with their counts. */
export const loadLabels = ({ client = api }: Via = {}) =>
  kept($labels, async () => {
    const [category, tag] = await Promise.all([
      callApi(list, 'Erreur lors de la récupération des categories', '/api/admin/categories', { client }),
      callApi(list, 'Erreur lors de la récupération des étiquettes', '/api/admin/tags', { client }),
    ]);
    return { category, tag };
  });

const write = (kind: LabelKind, action: 'create' | 'rename' | 'delete', run: () => Promise<unknown>, client: Via['client']) =>
  written(DONE[kind][action], run, () => loadLabels({ client }));

/** Creates a category or tag; resolves with null when done, else the French reason (also toasted). */
export const createLabel = (kind: LabelKind, name: string, { client = api }: Via = {}) =>
  write(
    kind,
    'create',
    () => callApi(labelSchema, 'Erreur lors de la création du modèle', PATH[kind], { client, method: 'POST', body: { name } }),
    client,
  );

/** Renames a category or tag; null when done, else the French reason. */
export const renameLabel = (kind: LabelKind, id: number, name: string, { client = api }: Via = {}) =>
  write(
    kind,
    'rename',
    () => callApi(labelSchema, 'Erreur lors de la mise à jour', `${PATH[kind]}/${id}`, { client, method: 'PUT', body: { name } }),
    client,
  );

/** Deletes a category or tag; the server refuses while products use it, and that reason is what resolves. */
export const deleteLabel = (kind: LabelKind, id: number, { client = api }: Via = {}) =>
  write(
    kind,
    'delete',
    () => callApi(z.unknown(), 'Erreur lors de la suppression', `${PATH[kind]}/${id}`, { client, method: 'DELETE' }),
    client,
  );
