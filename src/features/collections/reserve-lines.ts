/**
 * The one inline script of collection screens (§4 "Collections"): before the island hydrates, it reads how many lines
 * the collection holds in browser storage and sizes the frame (`--lines`, `data-filled`), so the lines' space is
 * reserved at first paint and nothing below moves. It only counts (the store decodes the lines for real).
 */
import { createHash } from 'node:crypto';

export const RESERVE_LINES_SCRIPT = '(function(f){var n=0;try{var l=JSON.parse(localStorage.getItem(f.getAttribute("data-collection"))||"[]");if(Array.isArray(l))n=Math.min(l.length,200)}catch(e){}f.style.setProperty("--lines",n);if(n)f.setAttribute("data-filled","")})(document.currentScript.parentNode)';

/** Its CSP hash, allowed on every page by astro.config.mjs. */
export const RESERVE_LINES_HASH = `sha256-${createHash('sha256').update(RESERVE_LINES_SCRIPT).digest('base64')}` as const;
