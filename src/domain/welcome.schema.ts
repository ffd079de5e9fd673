/** The welcome offer's contract (§1, §9): the retailer's terms and `GET /api/offre-bienvenue`'s answer, in zod/mini. */
import { MAX_PRICE } from './bounds.ts';
import { welcomeMisses } from './welcome.ts';
import * as z from './zod.ts';
import { unknownKeys } from './zod.ts';

/** Body of `PUT /api/admin/offre-bienvenue`, and the stored terms. */
export const welcomeTermsSchema = z.strictObject(
  {
    active: z.boolean({ error: 'Indiquez si l’offre est active (true ou false).' }),
    rate: z
      .number({ error: 'Le taux doit être un nombre.' })
      .check(
        z.int('Le taux doit être un nombre entier de pour cent.'),
        z.minimum(1, 'Le taux doit être compris entre 1 et 50 %.'),
        z.maximum(50, 'Le taux doit être compris entre 1 et 50 %.'),
      ),
    cap: z
      .number({ error: 'Le plafond doit être un nombre.' })
      .check(
        z.int('Le plafond doit être un nombre entier de francs.'),
        z.minimum(0, 'Le plafond ne peut pas être négatif.'),
        z.maximum(MAX_PRICE, 'Le plafond est trop élevé (100 000 000 FCFA au plus).'),
      ),
  },
  unknownKeys,
);

/** Answer of `GET /api/offre-bienvenue`: the terms, whether the caller's next order may have it, and if not why (for the checkout). */
export const welcomeStandingSchema = z.object({
  active: z.boolean(),
  rate: z.int(),
  cap: z.int(),
  applies: z.boolean(),
  miss: z.nullable(z.enum(welcomeMisses)),
  message: z.nullable(z.string()),
});
