/** The back office's settings (§1, §9 « Offre de bienvenue », §6 « Conditions de crédit »): read, then saved whole; the only code of those screens that calls the API. */
import { atom, type WritableAtom } from 'nanostores';
import { creditTermsSchema } from '../../domain/credit-terms.schema.ts';
import type { CreditTerms } from '../../domain/schedule.ts';
import type { WelcomeTerms } from '../../domain/welcome.ts';
import { welcomeTermsSchema } from '../../domain/welcome.schema.ts';
import type * as z from '../../domain/zod.ts';
import { api, callApi } from '../../lib/api.ts';
import { toast } from '../frame/toast.store.ts';
import { into, refused, type Loaded, type Via } from './admin.store.ts';

/** One settings screen's terms: as saved, how to read them, how to save them. */
export interface Settings<T> {
  $terms: WritableAtom<Loaded<T>>;
  load: (via?: Via) => Promise<void>;
  /** Saves the terms; null when done (toasted), else the server's French reason (also toasted). */
  save: (terms: T, via?: Via) => Promise<string | null>;
}

function settings<T extends object>(path: string, schema: z.core.$ZodType<T>, what: string, done: (saved: T) => string): Settings<T> {
  const $terms = atom<Loaded<T>>({ status: 'loading' });
  return {
    $terms,
    load: ({ client = api } = {}) => into($terms, () => callApi(schema, `Erreur lors de la lecture ${what}`, path, { client })),
    async save(terms, { client = api } = {}) {
      try {
        const saved = await callApi(schema, `Erreur lors de l’enregistrement ${what}`, path, { client, method: 'PUT', body: { ...terms } });
        $terms.set({ status: 'ready', data: saved });
        toast(done(saved), { kind: 'success' });
        return null;
      } catch (err) {
        return refused(err);
      }
    },
  };
}

/** §6: the numbers of monthly instalments offered and the day they fall due. */
export const creditTerms = settings<CreditTerms>(
  '/api/admin/credit/conditions',
  creditTermsSchema,
  'des conditions de crédit',
  () => 'Conditions de crédit enregistrées.',
);

/** §1, §9: the welcome offer on or off, its rate and cap. */
export const welcomeTerms = settings<WelcomeTerms>('/api/admin/offre-bienvenue', welcomeTermsSchema, 'de l’offre', (saved) =>
  saved.active ? 'Offre de bienvenue enregistrée.' : 'Offre de bienvenue désactivée.',
);
