// Named Admin… so that the service worker leaves it out of what every shopper precaches (scripts/build-sw.mjs ADMIN_ONLY).
import type { Loaded } from './admin.store.ts';
import { ALERT } from './admin-ui.ts';

const FAILED = 'rounded-md bg-red-50 p-3 text-red-800';

/** A back-office screen's data until it is there: `loading` while it loads, the French reason when it failed, nothing once ready. */
export function NotReady({
  view,
  loading = 'Chargement…',
  className = FAILED,
}: {
  view: Loaded<unknown>;
  loading?: string;
  className?: string;
}) {
  if (view.status === 'loading') return <p role="status">{loading}</p>;
  return view.status === 'error' ? <Alert message={view.message} className={className} /> : null;
}

/** A French reason read out (role alert), or nothing. */
export function Alert({ message, className = ALERT }: { message: string | null | undefined; className?: string }) {
  return message ? (
    <p role="alert" className={className}>
      {message}
    </p>
  ) : null;
}
