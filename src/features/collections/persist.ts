/** Safe decoding of persisted strings: damaged or foreign data falls back, never throws. */
import type { z } from 'zod';

/** Parses JSON text through a schema; anything unreadable or invalid gives `fallback`. */
export function decodeStored<T>(schema: z.ZodType<T>, text: string | undefined | null, fallback: T): T {
  if (text == null || text === '') return fallback;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fallback;
  }
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : fallback;
}
