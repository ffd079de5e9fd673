/**
 * The words shoppers use (§9 search): a search also finds what the catalogue calls by another name ("frigo" finds the
 * réfrigérateurs). Pure, so the server expands searches and the back office checks its table with the same rule.
 */
import { searchFold } from './search-fold.ts';
import * as z from './zod.ts';
import { unknownKeys } from './zod.ts';

/** One synonym: the shopper's word (or words) and the catalogue's word for it. */
export interface Synonym {
  word: string;
  meaning: string;
}

/** At most this many readings of one search (each one more LIKE on the trigram index). */
export const MAX_ALTERNATIVES = 8;

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every reading of `search` (folded: lower case, no accents, spaces collapsed): the search itself first, then each one
 * where a synonym's word, standing as a whole word, is replaced by its meaning; no duplicates, at most MAX_ALTERNATIVES.
 */
export function searchAlternatives(search: string, synonyms: readonly Synonym[]): string[] {
  const out = [squeeze(searchFold(search))];
  if (!out[0]) return [];
  // Longer words first, so 'machine a laver' is read before a shorter word inside it.
  const rules = synonyms
    .map((s) => ({ word: squeeze(searchFold(s.word)), meaning: squeeze(searchFold(s.meaning)) }))
    .filter((s) => s.word && s.meaning && s.word !== s.meaning)
    .sort((a, b) => b.word.length - a.word.length);
  for (const { word, meaning } of rules) {
    const whole = new RegExp(`(^|[^a-z0-9])${escapeRegExp(word)}(?=$|[^a-z0-9])`, 'g');
    for (const reading of [...out]) {
      if (out.length >= MAX_ALTERNATIVES) return out;
      const replaced = reading.replace(whole, (_m, before: string) => `${before}${meaning}`);
      if (replaced !== reading && !out.includes(replaced)) out.push(replaced);
    }
  }
  return out;
}

const text = (field: string, max: number) =>
  z.pipe(
    z.string({ error: `Le champ « ${field} » doit être un texte.` }),
    z.pipe(
      z.transform(squeeze),
      z
        .string()
        .check(
          z.minLength(2, `Le champ « ${field} » doit faire au moins 2 caractères.`),
          z.maxLength(max, `Le champ « ${field} » fait au plus ${max} caractères.`),
          z.regex(
            /^[\p{L}\p{N}][\p{L}\p{N} '’-]*$/u,
            `Le champ « ${field} » ne peut contenir que des lettres, des chiffres, des espaces, - et '.`,
          ),
        ),
    ),
  );

/** Body of the back office's synonym writes: a word and its meaning, which must differ (accents and case aside). */
export const synonymSchema = z.strictObject({ mot: text('mot', 40), equivalent: text('équivalent', 60) }, unknownKeys).check(
  z.refine((s) => searchFold(s.mot) !== searchFold(s.equivalent), {
    message: 'Le mot et son équivalent doivent être différents.',
    path: ['equivalent'],
  }),
);
export type SynonymInput = z.infer<typeof synonymSchema>;

/** A synonym as the back office reads it. */
export const synonymViewSchema = z.object({ id: z.int(), mot: z.string(), equivalent: z.string() });
export type SynonymView = z.infer<typeof synonymViewSchema>;
