/** §6 the retailer's credit terms as the back office writes them and the server keeps them, in zod/mini (apart from schedule.ts, so screens that only draw a schedule carry no validator). */
import * as z from './zod.ts';

/** Bounds of the terms: 2 to 24 months, due between the 1st and the 28th (every month has those days). */
export const TERMS_BOUNDS = { minMonths: 2, maxMonths: 24, maxChoices: 6, maxDueDay: 28 } as const;

const MONTHS = `Chaque durée est un nombre entier de ${TERMS_BOUNDS.minMonths} à ${TERMS_BOUNDS.maxMonths} mois.`;
const DUE_DAY = `Le jour d’échéance est un nombre entier de 1 à ${TERMS_BOUNDS.maxDueDay}.`;

/** The terms as the back office writes them and the server keeps them: distinct durations, sorted, and a due day. */
export const creditTermsSchema = z.strictObject({
  months: z
    .array(
      z
        .number({ error: MONTHS })
        .check(z.int(MONTHS), z.minimum(TERMS_BOUNDS.minMonths, MONTHS), z.maximum(TERMS_BOUNDS.maxMonths, MONTHS)),
      { error: 'Indiquez les durées proposées, en mois.' },
    )
    .check(
      z.minLength(1, 'Proposez au moins une durée.'),
      z.maxLength(TERMS_BOUNDS.maxChoices, `Proposez au plus ${TERMS_BOUNDS.maxChoices} durées.`),
      z.refine((m) => new Set(m).size === m.length, 'Chaque durée ne se propose qu’une fois.'),
      z.overwrite((m) => [...m].sort((a, b) => a - b)),
    ),
  dueDay: z.number({ error: DUE_DAY }).check(z.int(DUE_DAY), z.minimum(1, DUE_DAY), z.maximum(TERMS_BOUNDS.maxDueDay, DUE_DAY)),
});
