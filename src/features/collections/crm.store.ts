/** Reactions to the collections, hung with `.listen`: toast and dataLayer on adds, CRM record on every change (§4, §5, §8). */
import { crmFingerprint, crmTypes, type TrackedKind } from '../../domain/collections.ts';
import { buildCrmRecord, type CrmContact } from '../../domain/crm-record.ts';
import type { CrmRecord } from '../../domain/crm.ts';
import { capNotice } from '../../domain/quantity.ts';
import { $session } from '../account/session.store.ts';
import { toast } from '../frame/toast.store.ts';
import { $lastAdd, collections, type AddEvent } from './collections.store.ts';
import { $crmSynced, unacknowledged } from './crm-synced.store.ts';
import { addToCartEvent, pushDataLayer } from './datalayer.ts';
import { ensureGuestId } from './guest.store.ts';
import { $location } from './location.store.ts';

export { $crmSynced, readSynced } from './crm-synced.store.ts';

/** Sends one CRM record; `keepalive` when the page is going away. */
export type CrmSender = (record: CrmRecord, keepalive: boolean) => Promise<void>;

/** `POST /api/create_or_update_crm` with fetch (keepalive lets the last state leave with a closing page). */
export const sendCrmRecord: CrmSender = async (record, keepalive) => {
  const res = await fetch(`${import.meta.env.PUBLIC_API_URL ?? ''}/api/create_or_update_crm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(record),
    keepalive,
  });
  if (res.status === 429) throw new RetryLater(Number(res.headers.get('Retry-After')) || 10);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
};

/** The server asked to wait (429): the record is sent again after `seconds`. */
export class RetryLater extends Error {
  readonly seconds: number;
  constructor(seconds: number) {
    super(`Réessayer dans ${seconds} s`);
    this.seconds = seconds;
  }
}

function contact(): CrmContact {
  const s = $session.get();
  return s?.is_verified
    ? { name: s.user_info.name, phone: s.user_info.partner_phone, email: s.user_info.email }
    : { name: null, phone: null, email: null };
}

/** Options of the tracker; tests pass a fake sender and fake timers; `changed` lists kinds changed before it started. */
export interface TrackerOptions {
  send?: CrmSender;
  delay?: number;
  changed?: readonly TrackedKind[];
}

/** The toast of a pre-order add (in the style of §8's 'Produit ajouté'). */
export const PREORDER_ADDED = 'Produit ajouté aux pré-commandes';

/** What an add shows and reports (§8 toast 'Produit ajouté', dataLayer `add_to_cart`); an add at the household cap, why nothing changed. */
export function reactToAdd(e: AddEvent): void {
  if (e.atCap) {
    toast(capNotice(e.product.name), { kind: 'warning' });
    return;
  }
  // A pre-order is told apart: it goes to the pre-order cart, not the cart.
  toast(e.kind === 'preorder' ? PREORDER_ADDED : 'Produit ajouté', { kind: 'success', duration: 2000 });
  if (e.kind !== 'wishlist') pushDataLayer(addToCartEvent(e.product, e.kind, e.quantity));
}

/** Starts the reactions; returns `stop` and `flushAll`. Bursts within `delay` ms become one record; the last state is always sent. */
export function startCollectionReactions({ send = sendCrmRecord, delay = 800, changed = [] }: TrackerOptions = {}): {
  stop: () => void;
  flushAll: () => void;
} {
  const timers = new Map<TrackedKind, ReturnType<typeof setTimeout>>();
  const chains = new Map<TrackedKind, Promise<void>>();
  const dirty = new Set<TrackedKind>();

  function flush(kind: TrackedKind, keepalive = false): Promise<void> {
    clearTimeout(timers.get(kind));
    timers.delete(kind);
    if (!dirty.delete(kind)) return Promise.resolve();
    if (collections[kind].get().length === 0) {
      toast('Panier vide', { kind: 'warning' });
      $crmSynced.set({ ...$crmSynced.get(), [kind]: '' });
      return Promise.resolve();
    }
    // Requests of one kind leave one after another, each built from the state of its own departure: the last one carries the last state.
    const p = (chains.get(kind) ?? Promise.resolve())
      .then(async () => {
        const lines = collections[kind].get();
        const print = crmFingerprint(kind, lines);
        // Already known to the server (another tab sent it, or nothing really changed).
        if ($crmSynced.get()[kind] === print) return;
        const record = buildCrmRecord(kind, lines, ensureGuestId(), $location.get(), contact(), new Date().toISOString());
        if (!record) return;
        await send(record, keepalive);
        $crmSynced.set({ ...$crmSynced.get(), [kind]: print });
      })
      .catch((err: unknown) => {
        if (err instanceof RetryLater) later(kind, Math.min(err.seconds * 1000, 120_000));
        else console.error('Erreur lors de l’envoi du suivi CRM', err);
      });
    chains.set(kind, p);
    return p;
  }

  // Sends the kind's last state after `ms`: a burst's delay, or the wait a 429 asked for.
  const later = (kind: TrackedKind, ms: number) => {
    dirty.add(kind);
    clearTimeout(timers.get(kind));
    timers.set(
      kind,
      setTimeout(() => void flush(kind), ms),
    );
  };

  const schedule = (kind: TrackedKind) => {
    // A hidden tab only mirrors another tab's change (storage event); the tab that made it reports it.
    if (typeof document === 'undefined' || document.visibilityState !== 'hidden') later(kind, delay);
  };

  const flushAll = () => {
    for (const kind of [...dirty]) void flush(kind, true);
  };

  const kinds = Object.keys(crmTypes) as TrackedKind[];
  const offs = [$lastAdd.listen((e) => e && reactToAdd(e)), ...kinds.map((kind) => collections[kind].listen(() => schedule(kind)))];
  // Catch up with changes made before the reactions started.
  for (const kind of kinds) {
    if (changed.includes(kind) || unacknowledged(kind, collections[kind].get())) schedule(kind);
  }
  const onHide = () => {
    if (document.visibilityState === 'hidden') flushAll();
  };
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', flushAll);
  }
  const stop = () => {
    for (const off of offs) off();
    for (const t of timers.values()) clearTimeout(t);
    if (typeof document !== 'undefined') {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', flushAll);
    }
  };
  return { stop, flushAll };
}
