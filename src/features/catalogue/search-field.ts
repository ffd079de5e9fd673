/**
 * The header search field while its island sleeps (client:interaction, §5): on a listing it still follows the
 * listing's search (Back, 'Effacer la recherche'), written here by the listing, so the box's code waits for a touch.
 */

/** The header search field's id (SearchBox.tsx draws it). */
export const SEARCH_FIELD_ID = 'header-search';

/** Writes `text` into the header field while its island sleeps and the shopper is not in it; a live box follows by itself. */
export function followSearchText(text: string, doc: Document = document): void {
  const field = doc.getElementById(SEARCH_FIELD_ID);
  if (!(field instanceof HTMLInputElement) || doc.activeElement === field || !field.closest('astro-island[ssr]')) return;
  field.defaultValue = text;
  field.value = text;
}

/** The text the field was last drawn or set with before the box woke (its first render), `fallback` on the server. */
export function drawnSearchText(fallback: string): string {
  // Prerendering may define a bare `document`, never the DOM's classes.
  if (typeof HTMLInputElement === 'undefined') return fallback;
  const field = document.getElementById(SEARCH_FIELD_ID);
  return field instanceof HTMLInputElement ? field.defaultValue : fallback;
}
