/** Dates as the shop writes them: French, Dakar's time (§1: a Senegalese shop). */
const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Dakar' });
const dateOnly = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Africa/Dakar' });

/** An ISO instant as "21 novembre 2026 à 10:00" (Dakar time); '' when it cannot be read. */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateTime.format(d);
}

/** An ISO instant as "21 novembre 2026" (Dakar time); '' when it cannot be read. */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateOnly.format(d);
}
