/**
 * Building blocks of the hand-written readers of browser data (§3 "Browser storage"): first-view code cannot afford
 * zod's core, so collections.ts and compare.ts check stored JSON with these, each held to its zod contract by a test.
 */

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
export const isInt = (v: unknown, min = -Number.MAX_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER): v is number =>
  Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;
export const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
/** Whole, non-negative francs. */
export const isFrancs = (v: unknown): v is number => isInt(v, 0);
/** What a field check returns for an invalid value. */
export const FAIL = Symbol('invalid');
/** The value, `missing` when absent, FAIL when invalid. */
export const opt = <T>(v: unknown, ok: (x: unknown) => x is T, missing: T): T | typeof FAIL =>
  v === undefined ? missing : ok(v) ? v : FAIL;
/** The value, null when absent or null, FAIL when invalid. */
export const orNull = <T>(v: unknown, ok: (x: unknown) => x is T): T | null | typeof FAIL =>
  v === undefined || v === null ? null : ok(v) ? v : FAIL;
