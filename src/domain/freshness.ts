/**
 * How fresh the catalogue a shopper sees is (§9 prices, promos and stock): every copy of a catalogue page or read is checked
 * with the server before use, and named by the catalogue's version, so a change shows on the next reload, and an
 * unchanged page costs a 304 without any render.
 */

/**
 * Cache policy of the catalogue's pages and API reads: browsers revalidate each time (max-age=0, must-revalidate, then
 * 304 when unchanged); a shared cache (CDN) may serve a copy for 3 s, so a change shows within 5 s behind one too.
 */
export const CATALOGUE_CACHE = 'public, max-age=0, must-revalidate, s-maxage=3';

/** The request header by which the Node server hands a page render the validator of the catalogue it is drawn from. */
export const CATALOGUE_TAG_HEADER = 'x-catalogue-tag';

/** The validator (weak ETag: answers are compressed on the fly) of what the catalogue at `version` shows, drawn by build `build`. */
export function catalogueTag(version: string | number, build: string): string {
  return `W/"c${version}-${build.replace(/[^\w.-]/g, '').slice(0, 16)}"`;
}

/** Whether an `If-None-Match` header names `tag` (weak comparison, as RFC 9110 asks for it), or is `*`. */
export function tagMatches(ifNoneMatch: string | null | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || opaque(t) === opaque(tag));
}
