import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from './Icon.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  open: boolean;
  title: string;
  /** While true (an order is being sent), Escape and the close button do nothing. */
  locked?: boolean;
  /** The dialog closed (Escape or the close button): the owner sets `open` to false. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal `<dialog>` labelled by its title: the page behind is inert, focus stays inside, Escape asks to close.
 * On a phone it is a sheet from the top, as tall as the part of the screen the on-screen keyboard leaves, and scrolls.
 */
export function Modal({ open, title, locked = false, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // A form dialog starts on its first field rather than on the close button.
      d.querySelector<HTMLElement>('form input, form select, form textarea')?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);

  // Android keeps the layout viewport when the keyboard opens: fit the sheet to what is still visible, so its end can be scrolled to.
  useEffect(() => {
    const vv = window.visualViewport;
    const d = ref.current;
    if (!open || !vv || !d) return;
    const fitToViewport = () => {
      d.style.maxHeight = `${Math.floor(vv.height)}px`;
      d.style.top = `${Math.floor(vv.offsetTop)}px`;
    };
    fitToViewport();
    vv.addEventListener('resize', fitToViewport);
    vv.addEventListener('scroll', fitToViewport);
    return () => {
      vv.removeEventListener('resize', fitToViewport);
      vv.removeEventListener('scroll', fitToViewport);
    };
  }, [open]);

  // A modal dialog makes the page inert, but Tab can still leave for the browser's own controls: wrap around instead.
  function keepFocus(e: KeyboardEvent<HTMLDialogElement>) {
    if (e.key !== 'Tab') return;
    const focusable = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => locked && e.preventDefault()}
      onClose={() => open && onClose()}
      onKeyDown={keepFocus}
      className="fixed inset-x-0 top-0 mx-auto mt-0 max-h-dvh w-full max-w-lg overflow-y-auto overscroll-contain rounded-b-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 sm:mt-[5vh] sm:rounded-xl"
    >
      <div className="sticky top-0 z-10 flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
        <h2 id={titleId} className="text-lg font-bold text-brand-800">
          {title}
        </h2>
        <button
          type="button"
          onClick={() => ref.current?.close()}
          disabled={locked}
          aria-label="Fermer"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-slate-100 disabled:opacity-40"
        >
          <Icon name="close" size={22} />
        </button>
      </div>
      <div className="px-4 pt-4 pb-6">{children}</div>
    </dialog>
  );
}
