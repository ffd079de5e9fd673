/**
 * The icon sprite (/icons.svg, one cached file): every drawing of page-icons.ts as a <symbol>, so pages and islands
 * draw an icon with a short <use> instead of repeating its path (§2 header, cards, footer). Build and server only.
 */
import { createHash } from 'node:crypto';
import { PAGE_ICONS } from './page-icons.ts';

/** The sprite's SVG text: one 24×24 stroked symbol per icon, id = the icon's name. */
export function spriteSvg(): string {
  // The stroke is set on each symbol: a <use> clone inherits from the page's <use>, not from this file's root. The fill
  // is none unless the <use>'s parents set --icon-fill (a saved wishlist heart is filled).
  const symbols = Object.entries(PAGE_ICONS).map(
    ([name, d]) =>
      `<symbol id="${name}" viewBox="0 0 24 24" style="fill:var(--icon-fill,none)" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="${d}"/></symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
}

/** Short hash of the sprite, put in its URL (`/icons.svg?v=…`) so a new drawing is fetched at once and old ones cached for a year. */
export const SPRITE_VERSION = createHash('sha256').update(spriteSvg()).digest('hex').slice(0, 8);
