/** The back office's « Prélèvements » (§6 payroll deduction): parent accounts, a month's list, its CSV, its recording; the only code of that screen that calls the API. */
import { atom } from 'nanostores';
import { type PayrollAnswer, payrollAnswerSchema } from '../../domain/payroll.ts';
import * as z from '../../domain/zod.ts';
import { api, callApi } from '../../lib/api.ts';
import { toast } from '../frame/toast.store.ts';
import { afresh, into, refused, type Loaded, type Via } from './admin.store.ts';

/** A parent account (employer, mutual, partner association) as the screen lists it. */
const parentSchema = z.object({ id: z.int(), name: z.string(), organisation: z.nullable(z.string()) });
export type ParentAccount = z.infer<typeof parentSchema>;

/** The parent accounts, by organisation. */
export const $parents = atom<Loaded<ParentAccount[]>>({ status: 'loading' });
/** The month shown; idle until a parent account is chosen. */
export const $payroll = atom<Loaded<PayrollAnswer> | { status: 'idle' }>({ status: 'idle' });

const PATH = '/api/admin/prelevements';

/** Loads the parent accounts. */
export const loadParents = ({ client = api }: Via = {}) =>
  into($parents, () =>
    callApi(z.array(parentSchema), 'Erreur lors de la récupération des comptes parents', '/api/admin/comptes-parents', { client }),
  );

/** Loads parent account `parentId`'s instalments of month `mois` (`AAAA-MM`). */
export const loadPayroll = (parentId: number, mois: string, { client = api }: Via = {}) =>
  afresh($payroll, () =>
    callApi(payrollAnswerSchema, 'Erreur lors de la récupération des prélèvements', PATH, {
      client,
      query: { parent_id: parentId, mois, format: 'json' },
    }),
  );

/** `GET /api/admin/prelevements` as a file, saved by the browser as `prelevements-<parent>-<AAAA-MM>.csv`. */
export async function downloadPayroll(parentId: number, mois: string, { client = api }: Via = {}): Promise<void> {
  try {
    const blob = await client<Blob, 'blob'>(PATH, { query: { parent_id: parentId, mois }, responseType: 'blob' });
    const url = URL.createObjectURL(blob);
    Object.assign(document.createElement('a'), { href: url, download: `prelevements-${parentId}-${mois}.csv` }).click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast('Liste des prélèvements téléchargée.', { kind: 'success' });
  } catch (err) {
    client.log('Erreur lors du téléchargement des prélèvements', err);
    refused(err, 'Téléchargement impossible. Réessayez.');
  }
}

/** Records the month's instalments still due as paid by payroll deduction, in one step; toasts what was recorded. */
export async function recordPayroll(parentId: number, mois: string, { client = api }: Via = {}): Promise<void> {
  try {
    const answer = await callApi(payrollAnswerSchema, 'Erreur lors de l’enregistrement des prélèvements', PATH, {
      client,
      method: 'POST',
      body: { parent_id: parentId, mois },
    });
    $payroll.set({ status: 'ready', data: answer });
    toast(answer.message ?? 'Prélèvements enregistrés.', { kind: 'success' });
  } catch (err) {
    refused(err);
  }
}
