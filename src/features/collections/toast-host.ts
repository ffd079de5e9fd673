/** The toasts of §8: starts the collection reactions (toast, CRM, dataLayer) and shows a toast the previous page left. */
import { hasPendingToast } from '../frame/toast.store.ts';
import { startCollections } from './reactions.ts';

/** Starts the reactions, and shows a toast the previous page left (the toast region is the layout's ToastList island). */
export function startToastHost(): void {
  startCollections();
  // A toast left by the previous page (an order placed): its code loads only then.
  if (hasPendingToast()) void import('../frame/flash-toast.ts').then((m) => m.showPendingToast());
}
