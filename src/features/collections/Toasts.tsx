import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { $toasts, hasPendingToast } from '../frame/toast.store.ts';
import { startCollections } from './crm.store.ts';

// The toast UI (timers, hover pause, drag) is fetched the first time a toast shows: pages without one never load it.
const ToastList = lazy(() => import('./ToastList.tsx'));

/** Toasts at the top centre (drawn by ToastList once one appears); starts the collection reactions. */
export default function Toasts() {
  const waiting = useStore($toasts).length > 0;
  // A toast raised before this island hydrates (another island's effect) must not change the first render: the server
  // drew none, so the list shows once mounted (else React's hydration error #418).
  const [mounted, setMounted] = useState(false);
  const shown = mounted && waiting;
  // The one island on every page: it starts the guest id, location lookup and collection reactions (toast, CRM, dataLayer).
  useEffect(() => {
    setMounted(true);
    // A toast left by the previous page (an order placed): its code loads only then.
    if (hasPendingToast()) void import('../frame/flash-toast.ts').then((m) => m.showPendingToast());
    return startCollections();
  }, []);
  return shown ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
