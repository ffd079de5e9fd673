/** Safe decoding of persisted strings: damaged or foreign data falls back, never throws. */

/** Parses JSON text through a reader (null = invalid); anything unreadable or invalid gives `fallback`. */
export function decodeStored<T>(read: (raw: unknown) => T | null, text: string | undefined | null, fallback: T): T {
  if (text == null || text === '') return fallback;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fallback;
  }
  return read(raw) ?? fallback;
}
