/** "Suivi clients" of the back office: CRM records, carts left behind and search terms (`/api/admin/crm*`, `/api/admin/recherches`). */
import { atom } from 'nanostores';
import { crmListSchema, searchStatsSchema, type CrmRecordView, type SearchStats } from '../../domain/admin.schema.ts';
import { api, callApi } from '../../lib/api.ts';
import { afresh, into, type Loaded, type Via } from './admin.store.ts';

export type CrmType = 'commande' | 'precommande' | 'acredit';
export const $crm = atom<Loaded<{ records: CrmRecordView[]; total: number; capped: boolean }>>({ status: 'loading' });
export const $abandoned = atom<Loaded<CrmRecordView[]>>({ status: 'loading' });
export const $searches = atom<Loaded<SearchStats>>({ status: 'loading' });

/** One page of CRM records, of one type or all. */
export const loadCrm = (q: { type?: CrmType; page?: number }, { client = api }: Via = {}) =>
  afresh($crm, () =>
    callApi(crmListSchema, 'Erreur lors de la récupération du suivi clients', '/api/admin/crm', { client, query: { ...q } }),
  );

/** Carts left without an order. */
export const loadAbandoned = ({ client = api }: Via = {}) =>
  into(
    $abandoned,
    async () =>
      (await callApi(crmListSchema, 'Erreur lors de la récupération des paniers abandonnés', '/api/admin/crm/abandonnes', { client }))
        .records,
  );

/** This week's search terms. */
export const loadSearches = ({ client = api }: Via = {}) =>
  into($searches, () => callApi(searchStatsSchema, 'Erreur lors de la récupération des recherches', '/api/admin/recherches', { client }));
