/**
 * The toast region of §8 without React until a toast shows: starts the collection reactions (toast, CRM, dataLayer),
 * shows a toast the previous page left, and from the first toast on draws them all with ToastList.
 */
import { $toasts, hasPendingToast } from '../frame/toast.store.ts';
import { startCollections } from './reactions.ts';

/** Draws the toasts into `region` with React, fetched only now. */
async function mountToastList(region: HTMLElement): Promise<void> {
  const [{ createRoot }, { createElement }, { default: ToastList }] = await Promise.all([
    import('react-dom/client'),
    import('react'),
    import('./ToastList.tsx'),
  ]);
  createRoot(region).render(createElement(ToastList));
}

/** Starts the reactions, then waits for the first toast to load the toast UI into `region` (once). */
export function startToastHost(region: HTMLElement | null): void {
  startCollections();
  if (region) {
    let mounted = false;
    const mount = () => {
      if (mounted || $toasts.get().length === 0) return;
      mounted = true;
      stop();
      void mountToastList(region);
    };
    const stop = $toasts.listen(mount);
    mount();
  }
  // A toast left by the previous page (an order placed): its code loads only then.
  if (hasPendingToast()) void import('../frame/flash-toast.ts').then((m) => m.showPendingToast());
}
