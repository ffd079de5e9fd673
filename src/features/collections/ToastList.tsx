import { useEffect, useRef, useState, type HTMLAttributes, type PointerEvent as ReactPointerEvent } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import { useMountedStore } from '../catalogue/use-mounted-store.ts';
import { $toasts, dismissToast, type Toast, type ToastKind } from '../frame/toast.store.ts';

const NO_TOASTS: readonly Toast[] = [];

const KIND_CLASS: Record<ToastKind, string> = {
  success: 'border-emerald-600 bg-emerald-50 text-emerald-900',
  info: 'border-brand-600 bg-white text-slate-900',
  warning: 'border-amber-500 bg-amber-50 text-amber-900',
  error: 'border-red-600 bg-red-50 text-red-900',
};

/** Distance in px past which a drag dismisses a toast. */
const DRAG_DISMISS = 80;

function ToastItem({ toast }: { toast: Toast }) {
  const [paused, setPaused] = useState(false);
  const [dx, setDx] = useState(0);
  const remaining = useRef(toast.duration);
  const drag = useRef<{ x: number; id: number } | null>(null);

  useEffect(() => {
    if (paused || drag.current) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, toast.id]);

  const onDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest('button')) return;
    drag.current = { x: e.clientX, id: e.pointerId };
    e.currentTarget.setPointerCapture(e.pointerId);
    setPaused(true);
  };
  const onMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === e.pointerId) setDx(e.clientX - drag.current.x);
  };
  const onUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== e.pointerId) return;
    const moved = e.clientX - drag.current.x;
    drag.current = null;
    if (Math.abs(moved) > DRAG_DISMISS) dismissToast(toast.id);
    else {
      setDx(0);
      setPaused(e.pointerType === 'mouse');
    }
  };

  return (
    <ToastCard
      toast={toast}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => !drag.current && setPaused(false)}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={onUp}
      onPointerCancel={onUp}
      onClose={() => dismissToast(toast.id)}
      style={{ transform: dx ? `translateX(${dx}px)` : undefined, opacity: dx ? Math.max(0.3, 1 - Math.abs(dx) / 200) : undefined }}
    />
  );
}

type CardProps = Omit<HTMLAttributes<HTMLDivElement>, 'role' | 'className'> & {
  toast: Pick<Toast, 'message' | 'kind'>;
  onClose?: () => void;
};

/** One toast's markup (§8), also drawn by the server for a toast shown on arrival (ArrivalToast.astro). */
export function ToastCard({ toast, onClose, ...rest }: CardProps) {
  return (
    <div
      role={toast.kind === 'error' || toast.kind === 'warning' ? 'alert' : 'status'}
      {...rest}
      className={`pointer-events-auto flex w-full max-w-sm touch-pan-y items-center gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg select-none ${KIND_CLASS[toast.kind]}`}
    >
      <p className="flex-1 text-sm font-medium">{toast.message}</p>
      <button
        type="button"
        onClick={onClose}
        aria-label="Fermer la notification"
        className="inline-flex size-8 items-center justify-center rounded-full hover:bg-black/5"
      >
        <Icon name="close" size={18} />
      </button>
    </div>
  );
}

/** The toasts on screen (the layout's toast region, hydrated when idle): close after their time, pause on hover, close by button or by dragging sideways. */
export default function ToastList() {
  // Toasts exist only in the browser (one may be waiting before hydration): none in the server's HTML nor at hydration.
  const toasts = useMountedStore($toasts, NO_TOASTS);
  return (
    <>
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </>
  );
}
