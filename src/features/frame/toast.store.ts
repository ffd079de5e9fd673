/** Toasts of spec §8: top centre, 5 s unless stated, pausable and dismissable by the island that shows them. */
import { atom } from 'nanostores';

/** How a toast looks. */
export type ToastKind = 'success' | 'info' | 'warning' | 'error';

/** One toast on screen. */
export interface Toast {
  id: number;
  message: string;
  kind: ToastKind;
  duration: number;
}

/** Toasts currently shown, oldest first. */
export const $toasts = atom<readonly Toast[]>([]);

let nextId = 1;

/** Shows a toast; `duration` in ms (5000 by default, §9). Returns its id. */
export function toast(message: string, opts: { kind?: ToastKind; duration?: number } = {}): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, message, kind: opts.kind ?? 'info', duration: opts.duration ?? 5000 }]);
  return id;
}

/** Removes a toast (timer ran out, closed, or dragged away). */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Where a page leaves toasts for the next one (flash-toast.ts writes and shows them). */
export const FLASH_KEY = 'flashToast';

/** Whether the previous page left a toast to show (see flash-toast.ts, loaded only then). */
export function hasPendingToast(): boolean {
  try {
    return sessionStorage.getItem(FLASH_KEY) !== null;
  } catch {
    return false;
  }
}
