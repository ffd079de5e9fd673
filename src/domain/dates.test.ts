import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

// The shop's dates must read exactly as `Intl` writes them in French for Dakar.
const intlDateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Dakar' });
const intlDate = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Africa/Dakar' });

// Every day of two years (one of them leap) at an hour and minute that move with the day, and the edges of a day.
const instants = [
  ...Array.from({ length: 731 }, (_, day) => new Date(Date.UTC(2027, 0, 1) + day * 86_400_000 + ((day * 37) % 1440) * 60_000 + 17_000)),
  new Date('2026-11-01T00:00:00Z'),
  new Date('2026-11-30T23:59:59.999Z'),
  new Date('2026-08-15T01:30:00+02:00'),
  new Date('1999-12-31T12:00:00Z'),
].map((d) => d.toISOString());

describe('formatDateTime', () => {
  it.each([
    ['2026-11-21T10:00:00Z', '21 novembre 2026 à 10:00'],
    ['2026-02-01T08:05:00Z', '1 février 2026 à 08:05'],
    ['2026-08-15T01:30:00+02:00', '14 août 2026 à 23:30'],
    ['pas une date', ''],
  ])('%s → %s', (iso, want) => {
    expect(formatDateTime(iso)).toBe(want);
  });

  it('writes every day of two years as Intl does for Dakar', () => {
    for (const iso of instants) expect(formatDateTime(iso), iso).toBe(intlDateTime.format(new Date(iso)));
  });
});

describe('formatDate', () => {
  it.each([
    ['2026-11-21T10:00:00Z', '21 novembre 2026'],
    ['2026-12-31T23:59:59Z', '31 décembre 2026'],
    ['', ''],
  ])('%s → %s', (iso, want) => {
    expect(formatDate(iso)).toBe(want);
  });

  it('writes every day of two years as Intl does for Dakar', () => {
    for (const iso of instants) expect(formatDate(iso), iso).toBe(intlDate.format(new Date(iso)));
  });
});
