/** The one factory making the four persisted collections (§3 "Browser storage"). */
import { persistentAtom } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import { readLines, unitPrice, type CollectionKind, type Line } from '../../domain/collections.ts';
import { decodeStored, mirrorToCookie } from './persist.ts';

/** A collection store: its lines, kept in browser storage under the collection's key and synced across tabs. */
export type CollectionStore = WritableAtom<Line[]>;

/** Makes the store of one collection, mirrored in a cookie for the server; damaged storage decodes to an empty collection. */
export function createCollection(kind: CollectionKind): CollectionStore {
  const store = persistentAtom<Line[]>(kind, [], {
    encode: (lines) => JSON.stringify(lines),
    decode: (text) => decodeStored(readLines, text, []),
  });
  // The price the shopper saw goes too: checkout says from the server when it moved since (§4 "Pricing").
  mirrorToCookie(store, kind, (l) => ({ id: l.product.id, quantity: l.quantity, price: unitPrice(kind, l.product) }));
  return store;
}
