/**
 * The one inline script of the screens drawn from browser storage (§4 "Collections", §2 `/products-compaire`,
 * `/checkout`, `/commande-validation`): before the island hydrates, it reads how many entries the frame's `data-stored`
 * key holds (a collection, the comparison, or the checkout draft's `lines`) and sizes the frame (`--lines`,
 * `data-filled`), so the space is reserved at first paint and nothing below moves. It only counts (the stores and previews decode the lines for real).
 */
import { createHash } from 'node:crypto';

export const RESERVE_LINES_SCRIPT = '(function(f){var n=0;try{var l=JSON.parse(localStorage.getItem(f.getAttribute("data-stored"))||"[]");if(l&&!Array.isArray(l))l=l.lines;if(Array.isArray(l))n=Math.min(l.length,200)}catch(e){}f.style.setProperty("--lines",n);if(n)f.setAttribute("data-filled","")})(document.currentScript.parentNode)';

/** Its CSP hash, allowed on every page by astro.config.mjs. */
export const RESERVE_LINES_HASH = `sha256-${createHash('sha256').update(RESERVE_LINES_SCRIPT).digest('base64')}` as const;
