/** The words shoppers use (§9 search) in the back office: the synonym table, add, change, delete; the only code of that screen that calls the API. */
import { atom } from 'nanostores';
import * as z from '../../domain/zod.ts';
import { synonymViewSchema, type SynonymInput, type SynonymView } from '../../domain/search-words.ts';
import { api, callApi } from '../../lib/api.ts';
import { kept, written, type Loaded, type Via } from './admin.store.ts';

/** The synonyms, by word. */
export const $synonyms = atom<Loaded<SynonymView[]>>({ status: 'loading' });

const PATH = '/api/admin/synonymes';

/** Loads (or reloads, keeping what is shown) the table. */
export const loadSynonyms = ({ client = api }: Via = {}) =>
  kept($synonyms, () => callApi(z.array(synonymViewSchema), 'Erreur lors de la récupération des synonymes', PATH, { client }));

const write = (done: string, run: () => Promise<unknown>, client: Via['client']) => written(done, run, () => loadSynonyms({ client }));

/** Adds (`id` null) or changes a synonym; null when done, else the server's French reason (also toasted). */
export const saveSynonym = (id: number | null, body: SynonymInput, { client = api }: Via = {}) =>
  write(
    id === null ? 'Synonyme ajouté.' : 'Synonyme modifié.',
    () =>
      callApi(synonymViewSchema, 'Erreur lors de l’enregistrement du synonyme', id === null ? PATH : `${PATH}/${id}`, {
        client,
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    client,
  );

/** Deletes a synonym; null when done, else the French reason. */
export const deleteSynonym = (id: number, { client = api }: Via = {}) =>
  write(
    'Synonyme supprimé.',
    () => callApi(z.unknown(), 'Erreur lors de la suppression du synonyme', `${PATH}/${id}`, { client, method: 'DELETE' }),
    client,
  );
