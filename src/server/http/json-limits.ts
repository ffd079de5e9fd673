/** How deep and how wide a JSON body of §7 may be, checked on its text in one pass before anything parses or walks it. */
import { spaced } from '../../domain/money.ts';

/** Levels of lists and objects: the deepest body the API takes (a booking's order lines) has 3. */
export const MAX_JSON_DEPTH = 32;
/** Fields in all: the widest body (a CRM record of 100 products) has about 720. */
export const MAX_JSON_KEYS = 2000;

const TOO_DEEP = `Le JSON est trop imbriqué (${MAX_JSON_DEPTH} niveaux au plus).`;
const TOO_MANY = `Le JSON compte trop de champs (${spaced(MAX_JSON_KEYS)} au plus).`;

const QUOTE = 0x22,
  BACKSLASH = 0x5c,
  COLON = 0x3a;
const OPEN_LIST = 0x5b,
  CLOSE_LIST = 0x5d,
  OPEN_OBJECT = 0x7b,
  CLOSE_OBJECT = 0x7d;

/**
 * The French reason a JSON text nests past 32 levels or holds more than 2,000 fields, else null. A loop over the
 * characters, never a recursion; strings are skipped with their escapes. Text that is not JSON is left to the parser.
 */
export function jsonShapeProblem(text: string): string | null {
  let depth = 0;
  let keys = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_LIST || c === OPEN_OBJECT) {
      if (++depth > MAX_JSON_DEPTH) return TOO_DEEP;
    } else if (c === CLOSE_LIST || c === CLOSE_OBJECT) {
      // A stray closing bracket (not JSON: the parser will say so) must not buy room for deeper nesting.
      if (depth > 0) depth--;
    } else if (c === COLON) {
      // In JSON, a colon outside a string follows a field's name and nothing else.
      if (++keys > MAX_JSON_KEYS) return TOO_MANY;
    }
  }
  return null;
}
