import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { showPendingToast } from '../frame/flash-toast.ts';
import { $toasts } from '../frame/toast.store.ts';

const ToastList = lazy(() => import('../collections/ToastList.tsx'));

/** The back office's toasts: the shop's toast list (and those a previous page left), without the shopper-side reactions. */
export default function AdminToasts() {
  useEffect(showPendingToast, []);
  return useStore($toasts).length > 0 ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
