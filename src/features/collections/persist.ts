/** Safe decoding of persisted strings: damaged or foreign data falls back, never throws. */
import * as z from 'zod/mini';

/** Parses JSON text through a schema; anything unreadable or invalid gives `fallback`. */
export function decodeStored<S extends z.ZodMiniType>(schema: S, text: string | undefined | null, fallback: z.infer<S>): z.infer<S> {
  if (text == null || text === '') return fallback;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fallback;
  }
  const parsed = z.safeParse(schema, raw);
  return parsed.success ? parsed.data : fallback;
}
