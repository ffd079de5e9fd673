/** §9 search without regard to case or accents: the browser's twin of SQL `search_fold` (migration 0008); a test holds them equal. */

// Same table as the SQL function: each accented letter becomes its plain one; œ and æ become two letters.
const ACCENTED = 'àâäáãåéèêëíìîïóòôöõúùûüýÿçñ';
const PLAIN = 'aaaaaaeeeeiiiiooooouuuuyycn';
const LIGATURES: Readonly<Record<string, string>> = { œ: 'oe', æ: 'ae' };

/** `text` in lower case without accents, as the search compares it (§9): "Réfrigérateur" → "refrigerateur". */
export function searchFold(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) {
    const i = ACCENTED.indexOf(ch);
    out += i >= 0 ? PLAIN[i] : (LIGATURES[ch] ?? ch);
  }
  return out;
}
