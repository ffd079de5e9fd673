/** Body of `POST /api/termeRecherche` (spec §3 "Search-term record", §7): the term and the listing it came from. */
import { SEARCH_SOURCES } from './search-source.ts';
import * as z from './zod.ts';
import { unknownKeys } from './zod.ts';

/** Longest term stored; longer ones are cut, not refused. */
const TERM_MAX = 100;

/** The search-term record; the term is trimmed, its spaces collapsed and cut to TERM_MAX characters. */
export const searchTermSchema = z.strictObject(
  {
    terme: z.pipe(
      z.string({ error: 'Le champ « terme » doit être un texte.' }).check(z.maxLength(1000, 'Le champ « terme » est trop long.')),
      z.pipe(
        z.transform((s: string) => s.replace(/\s+/g, ' ').trim().slice(0, TERM_MAX)),
        z.string().check(z.minLength(1, 'Le champ « terme » est obligatoire.')),
      ),
    ),
    source: z.enum(SEARCH_SOURCES, { error: 'Le champ « source » doit valoir boutique, en-promo, promo-ramadan ou promo-korite.' }),
  },
  unknownKeys,
);
