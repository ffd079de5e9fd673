// Named Admin… so that the service worker leaves it out of what every shopper precaches (scripts/build-sw.mjs ADMIN_ONLY).
import type { Loaded } from './admin.store.ts';

const ALERT = 'rounded-md bg-red-50 p-3 text-red-800';

/** A back-office screen's data until it is there: `loading` while it loads, the French reason when it failed, nothing once ready. */
export function NotReady({
  view,
  loading = 'Chargement…',
  className = ALERT,
}: {
  view: Loaded<unknown>;
  loading?: string;
  className?: string;
}) {
  if (view.status === 'loading') return <p role="status">{loading}</p>;
  if (view.status === 'error')
    return (
      <p role="alert" className={className}>
        {view.message}
      </p>
    );
  return null;
}
