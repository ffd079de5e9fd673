// Named admin… so that the service worker leaves it out of what every shopper precaches (scripts/build-sw.mjs ADMIN_ONLY).
/** The back office's membership queue (§6 credit members): requests by state, accept, refuse, a document's bytes; the only code of that screen that calls the API. */
import { atom } from 'nanostores';
import { type AdminMembership, adminMembershipSchema, type MembershipState, organisationSchema } from '../../domain/membership.ts';
import * as z from '../../domain/zod.ts';
import { api, callApi } from '../../lib/api.ts';
import { kept, type Loaded, type Via, written } from './admin.store.ts';

/** The page of requests shown, with what it is a page of. */
export interface AdhesionQueue {
  requests: AdminMembership[];
  total: number;
  state: MembershipState;
  page: number;
  organisations: Array<z.infer<typeof organisationSchema>>;
}

/** The screen's data. */
export const $adhesions = atom<Loaded<AdhesionQueue>>({ status: 'loading' });
/** Requests per page. */
export const ADHESIONS_PER_PAGE = 20;

const pageSchema = z.object({ requests: z.array(adminMembershipSchema), total: z.int() });

/** Loads page `page` of the requests in `state` (oldest first), and the parent accounts to attach. */
export const loadAdhesions = (state: MembershipState = 'sent', page = 1, { client = api }: Via = {}) =>
  kept($adhesions, async () => {
    const [list, organisations] = await Promise.all([
      callApi(
        pageSchema,
        'Erreur lors de la récupération des demandes d’adhésion',
        `/api/admin/adhesions?state=${state}&page=${page}&limit=${ADHESIONS_PER_PAGE}`,
        { client },
      ),
      callApi(z.array(organisationSchema), 'Erreur lors de la récupération des comptes parents', '/api/adhesion/organisations', {
        client,
      }),
    ]);
    return { ...list, state, page, organisations };
  });

const reload = (client: Via['client']) => {
  const now = $adhesions.get();
  return now.status === 'ready' ? loadAdhesions(now.data.state, now.data.page, { client }) : loadAdhesions('sent', 1, { client });
};

/** Accepts request `id`, attaching parent account `parentId`; null when done, else the French reason (also toasted). */
export const acceptAdhesion = (id: number, parentId: number, name: string, { client = api }: Via = {}) =>
  written(
    `Adhésion de ${name} acceptée.`,
    () =>
      callApi(z.unknown(), 'Erreur lors de l’acceptation', `/api/admin/adhesions/${id}/accepter`, {
        client,
        method: 'POST',
        body: { parent_id: parentId },
      }),
    () => reload(client),
  );

/** Refuses request `id` for `reason` (shown to the applicant); null when done, else the French reason. */
export const refuseAdhesion = (id: number, reason: string, name: string, { client = api }: Via = {}) =>
  written(
    `Demande de ${name} refusée.`,
    () => callApi(z.unknown(), 'Erreur lors du refus', `/api/admin/adhesions/${id}/refuser`, { client, method: 'POST', body: { reason } }),
    () => reload(client),
  );

/** Opens document `id` in `tab` (opened by the tap, so no pop-up blocker stops it): read with the admin's token, shown from memory. */
export async function openDocument(id: number, tab: Window | null, { client = api }: Via = {}): Promise<string | null> {
  try {
    const blob = await client(`/api/adhesion/documents/${id}`, { responseType: 'blob' });
    const url = URL.createObjectURL(blob);
    if (tab) tab.location.href = url;
    else window.location.href = url;
    return null;
  } catch {
    tab?.close();
    return 'Document illisible ou introuvable. Réessayez.';
  }
}
