/**
 * Dates as the shop writes them: French, Dakar's time (§1: a Senegalese shop). Written as `Intl` writes them, by hand:
 * Dakar keeps UTC all year, and a page's first `Intl.DateTimeFormat` loads the browser's locale data (tens of ms of
 * main thread on a slow phone).
 */
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

const twoDigits = (n: number) => String(n).padStart(2, '0');
const longDate = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

/** An ISO instant as "21 novembre 2026 à 10:00" (Dakar time); '' when it cannot be read. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${longDate(d)} à ${twoDigits(d.getUTCHours())}:${twoDigits(d.getUTCMinutes())}`;
}

/** An ISO instant as "21 novembre 2026" (Dakar time); '' when it cannot be read. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : longDate(d);
}
