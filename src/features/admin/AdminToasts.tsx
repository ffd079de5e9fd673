import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { $toasts } from '../frame/toast.store.ts';

const ToastList = lazy(() => import('../collections/ToastList.tsx'));

/** The back office's toasts: the shop's toast list, without the shopper-side reactions. */
export default function AdminToasts() {
  return useStore($toasts).length > 0 ? <Suspense fallback={null}><ToastList /></Suspense> : null;
}
