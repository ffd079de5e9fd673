/** The profile's membership request (§6 credit members, §2 profile): the parent accounts, my latest request, sending one. The only membership code that calls the API. */
import { type Membership, membershipFieldsSchema, membershipSchema, organisationSchema } from '../../domain/membership.ts';
import * as z from '../../domain/zod.ts';
import { api, type ApiClient, callApi } from '../../lib/api.ts';
import { upload } from '../../lib/upload.ts';
import { failure } from '../orders/order-views.store.ts';
import { fieldErrors } from './form-kit.tsx';

/** A parent account to choose: its id and organisation. */
export type Organisation = z.infer<typeof organisationSchema>;

/** A refused send: the French reason and the field it is about, if any. */
export interface SendRefusal {
  message: string;
  field?: string;
}

/** `GET /api/adhesion`: my latest request (null when none), or the French reason it cannot be read. */
export async function loadMembership(client: ApiClient = api): Promise<{ request: Membership | null } | { error: string }> {
  try {
    return await callApi(
      z.object({ request: z.nullable(membershipSchema) }),
      'Erreur lors de la lecture de la demande d’adhésion',
      '/api/adhesion',
      { client },
    );
  } catch (err) {
    return { error: failure(err, 'Impossible de lire votre demande d’adhésion. Vérifiez votre connexion puis réessayez.') };
  }
}

/** `GET /api/adhesion/organisations`: the parent accounts to choose from. */
export const loadOrganisations = (client: ApiClient = api): Promise<Organisation[]> =>
  callApi(z.array(organisationSchema), 'Erreur lors de la lecture des comptes parents', '/api/adhesion/organisations', { client });

/** `POST /api/adhesion` with the fields and both documents, reporting progress (0 to 1): the request sent, else the refusal. */
export async function sendMembership(form: FormData, onProgress: (fraction: number) => void): Promise<{ sent: Membership } | SendRefusal> {
  try {
    return {
      sent: await upload(membershipSchema, 'Erreur lors de l’envoi de la demande d’adhésion', {
        method: 'POST',
        path: '/api/adhesion',
        body: form,
        onProgress,
      }),
    };
  } catch (err) {
    const field = (err as { data?: { field?: unknown } })?.data?.field;
    return {
      message: failure(err, 'Envoi impossible. Vérifiez votre connexion puis réessayez.'),
      ...(typeof field === 'string' && field ? { field } : {}),
    };
  }
}

/** The fields' French errors by name, from the API's own schema (§5: forms reuse it); empty when they are valid. */
export function fieldProblems(fields: Record<string, string>): Record<string, string> {
  const parsed = z.safeParse(membershipFieldsSchema, fields);
  return parsed.success ? {} : fieldErrors(parsed.error);
}
