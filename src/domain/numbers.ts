/** Whole-number inputs (§7 bodies, queries and path ids) with French messages that say what is wrong: not a number, not whole, or out of range. */
import { INT_MAX } from './bounds.ts';
import * as z from './zod.ts';
import { spaced } from './money.ts';

/** The sentence for a value outside `min`…`max`, naming `subject` (e.g. "Le champ « quantité »"). */
const rangeMessage = (subject: string, min: number, max: number) => `${subject} doit être compris entre ${spaced(min)} et ${spaced(max)}.`;

/** A whole number from `min` to `max`; `coerce` reads it from text (query strings, path parameters). */
export function wholeNumber(subject: string, min: number, max: number, options: { coerce?: boolean } = {}) {
  const base = options.coerce
    ? z.coerce.number({ error: `${subject} doit être un nombre.` })
    : z.number({ error: `${subject} doit être un nombre.` });
  const range = rangeMessage(subject, min, max);
  return base.check(z.int(`${subject} doit être un nombre entier.`), z.minimum(min, range), z.maximum(max, range));
}

const ID_FORMAT = 'L’identifiant doit s’écrire en chiffres seuls, sans signe, espace, point ni zéro initial (par exemple 16).';

/**
 * An id written in a URL (§7 `{id}` paths): ASCII digits only, no sign, space, point, exponent or leading zero, 1 to 2 147 483 647.
 * `Number('0x10')` is 16: a loose reading would let one product answer to many spellings.
 */
export const idText = z
  .pipe(z.string({ error: ID_FORMAT }).check(z.regex(/^[1-9][0-9]*$/, ID_FORMAT)), z.transform(Number))
  .check(z.refine((n) => n <= INT_MAX, `L’identifiant est trop grand (${spaced(INT_MAX)} au plus).`));
