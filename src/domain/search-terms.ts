/** Body of `POST /api/termeRecherche` (spec §3 "Search-term record", §7): the term and the listing it came from. */
import { z } from 'zod';
import { SEARCH_SOURCES } from './search-source.ts';

/** Longest term stored; longer ones are cut, not refused. */
const TERM_MAX = 100;

/** The search-term record; the term is trimmed, its spaces collapsed and cut to TERM_MAX characters. */
export const searchTermSchema = z.strictObject(
  {
    terme: z
      .string({ error: 'Le champ « terme » doit être un texte.' })
      .max(1000, 'Le champ « terme » est trop long.')
      .transform((s) => s.replace(/\s+/g, ' ').trim().slice(0, TERM_MAX))
      .pipe(z.string().min(1, 'Le champ « terme » est obligatoire.')),
    source: z.enum(SEARCH_SOURCES, { error: 'Le champ « source » doit valoir boutique, en-promo, promo-ramadan ou promo-korite.' }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys.join(', ')}.` : undefined) },
);
export type SearchTerm = z.infer<typeof searchTermSchema>;
