/**
 * Starts the collection reactions of §4, §5 and §8 once per page, their code (crm.store.ts) fetched once the page is
 * idle when it shows products (where a shopper adds or changes a line), so the first add answers as quickly as the
 * next; sooner when there is something to react to (a change left unsent by an earlier page, or a change or add before
 * then, handed over: the add's toast and dataLayer event, the changed kinds' CRM record). A page without products
 * (text, account forms) loads it only with a change.
 */
import { crmTypes, type TrackedKind } from '../../domain/collections.ts';
import { $lastAdd, collections, type AddEvent } from './collections.store.ts';
import { unacknowledged } from './crm-synced.store.ts';
import { ensureGuestId } from './guest.store.ts';
import { loadLocation } from './location.store.ts';
import { showsProducts } from '../frame/product-image.ts';

const KINDS = Object.keys(crmTypes) as TrackedKind[];

/** The part of crm.store.ts this needs; tests pass their own. */
export interface Reactions {
  reactToAdd: (e: AddEvent) => void;
  startCollectionReactions: (o: { changed: readonly TrackedKind[] }) => unknown;
}

/** True when a tracked collection holds lines the CRM has not acknowledged (a change a closing page could not send). */
function unsynced(): boolean {
  return KINDS.some((k) => unacknowledged(k, collections[k].get()));
}

/** Watches the collections until the reactions are needed or `idle` says the page has time, then loads and starts them; returns `stop` for tests. */
export function watchCollections(load: () => Promise<Reactions>, idle?: (run: () => void) => void): () => void {
  const adds: AddEvent[] = [];
  const changed = new Set<TrackedKind>();
  let loading = false;
  const wake = () => {
    if (loading) return;
    loading = true;
    void load().then((r) => {
      stop();
      r.startCollectionReactions({ changed: [...changed] });
      adds.forEach(r.reactToAdd);
    });
  };
  const offs = [
    $lastAdd.listen((e) => {
      if (!e) return;
      adds.push(e);
      wake();
    }),
    ...KINDS.map((k) =>
      collections[k].listen(() => {
        changed.add(k);
        wake();
      }),
    ),
  ];
  const stop = () => {
    for (const off of offs) off();
  };
  if (unsynced()) wake();
  else idle?.(wake);
  return stop;
}

let started = false;

/** Starts everything the storefront needs once per page: guest id, location lookup, reactions (when needed). */
export function startCollections(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  ensureGuestId();
  void loadLocation();
  watchCollections(
    () => import('./crm.store.ts'),
    (run) => {
      // Islands drawn at load (the offline cart) have drawn their products by then.
      const ifProducts = () => showsProducts() && run();
      if (typeof requestIdleCallback === 'function') requestIdleCallback(ifProducts, { timeout: 3000 });
      else setTimeout(ifProducts, 1000);
    },
  );
}
