/** The rows of a raw `db.execute` result, whichever driver answered (node-postgres and PGlite give `{ rows }`, others an array). */
export const rowsOf = <T = Record<string, unknown>>(res: unknown): T[] =>
  (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as T[];

/** Splits a list into consecutive batches of at most `size` items (what one statement writes or reads at a time). */
export const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));
