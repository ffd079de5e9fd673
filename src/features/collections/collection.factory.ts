/** The one factory making the four persisted collections (§3 "Browser storage"). */
import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import { readLines, type CollectionKind, type Line } from '../../domain/collections.ts';
import { decodeStored } from './persist.ts';

/** A collection store: its lines, kept in browser storage under the collection's key and synced across tabs. */
export type CollectionStore = WritableAtom<Line[]>;

/** Makes the store of one collection; damaged storage decodes to an empty collection. */
export function createCollection(kind: CollectionKind): CollectionStore {
  return persistentAtom<Line[]>(kind, [], {
    encode: (lines) => JSON.stringify(lines),
    decode: (text) => decodeStored(readLines, text, []),
  });
}
