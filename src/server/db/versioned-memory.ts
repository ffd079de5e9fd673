/**
 * What the listing routes (§7) remember per database handle, each value under the catalogue version it was read at
 * (`catalogue_version`, migrations 0007 and 0009): a value is given back only at that same version. Each handle has its
 * own memory (tests open many); past `max` keys the least recently asked is forgotten.
 */
import type { Db } from './client.ts';

/** A memory of values by key, each valid at one version. */
export interface VersionedMemory<T> {
  /** The value remembered for `key` at `version`, or undefined (another version, or none). */
  get(db: Db, key: string, version: string | number): T | undefined;
  /** What is remembered for `key`, at whichever version, without refreshing its place; undefined when nothing is. */
  peek(db: Db, key: string): { version: string | number; value: T } | undefined;
  /** Remembers `value` for `key` at `version`. */
  set(db: Db, key: string, version: string | number, value: T): void;
}

/** A memory of at most `max` keys per database handle. */
export function versionedMemory<T>(max: number): VersionedMemory<T> {
  const memory = new WeakMap<Db, Map<string, { version: string | number; value: T }>>();
  const of = (db: Db) => {
    let known = memory.get(db);
    if (!known) {
      known = new Map();
      memory.set(db, known);
    }
    return known;
  };
  return {
    get(db, key, version) {
      const known = of(db);
      const hit = known.get(key);
      if (!hit || hit.version !== version) return undefined;
      // Refreshes its place: the least recently asked key is the one forgotten.
      known.delete(key);
      known.set(key, hit);
      return hit.value;
    },
    peek(db, key) {
      return of(db).get(key);
    },
    set(db, key, version, value) {
      const known = of(db);
      known.delete(key);
      known.set(key, { version, value });
      if (known.size > max) known.delete(known.keys().next().value!);
    },
  };
}
