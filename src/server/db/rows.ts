/** The rows of a raw `db.execute` result, whichever driver answered (node-postgres and PGlite give `{ rows }`, others an array). */
export const rowsOf = <T = Record<string, unknown>>(res: unknown): T[] =>
  (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as T[];
