/** Toasts that outlive a navigation (§8 'Commande créé avec succés' shown on the order's page): kept in sessionStorage, shown once. */
import { FLASH_KEY, toast, type ToastKind } from './toast.store.ts';
const KINDS: readonly ToastKind[] = ['success', 'info', 'warning', 'error'];

/** Shows a toast on the next page this tab opens (a success that ends with a navigation, §8 'Commande créé avec succés'). */
export function toastAfterNavigation(message: string, opts: { kind?: ToastKind; duration?: number } = {}): void {
  try {
    const pending = readPending();
    pending.push({ message, kind: opts.kind ?? 'info', duration: opts.duration ?? 5000 });
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(pending.slice(-3)));
  } catch {
    // Storage refused (private mode, quota): the page shows the outcome itself.
  }
}

type Pending = { message: string; kind: ToastKind; duration: number };

// Stored data is untrusted: only short texts with a known kind and a sane duration are kept.
function readPending(): Pending[] {
  let value: unknown;
  try {
    value = JSON.parse(sessionStorage.getItem(FLASH_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((v: { message?: unknown; kind?: unknown; duration?: unknown }) => {
    if (typeof v?.message !== 'string' || v.message.length > 300 || !KINDS.includes(v.kind as ToastKind)) return [];
    const duration = typeof v.duration === 'number' && v.duration >= 1000 && v.duration <= 15_000 ? v.duration : 5000;
    return [{ message: v.message, kind: v.kind as ToastKind, duration }];
  });
}

/** Shows the toasts the previous page left, once. */
export function showPendingToast(): void {
  let pending: Pending[];
  try {
    pending = readPending();
    sessionStorage.removeItem(FLASH_KEY);
  } catch {
    return;
  }
  for (const p of pending) toast(p.message, { kind: p.kind, duration: p.duration });
}
