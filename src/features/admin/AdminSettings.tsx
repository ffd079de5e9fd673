import { useStore } from '@nanostores/react';
import { useEffect, type FormEvent, type ReactNode } from 'react';
import { PRIMARY } from './admin-ui.ts';
import type { Settings } from './admin-settings.store.ts';
import { Alert, NotReady } from './AdminNotReady.tsx';
import { useWrite } from './admin-write.ts';

/** A settings screen (§1 welcome offer, §6 credit terms): the shop's rule stated, then the terms' form once they are read. */
export function SettingsScreen<T>({
  settings,
  Form,
  children,
}: {
  settings: Settings<T>;
  Form: (props: { initial: T }) => ReactNode;
  children: ReactNode;
}) {
  const view = useStore(settings.$terms);
  useEffect(() => void settings.load(), [settings]);
  return (
    <div className="space-y-4">
      <p className="max-w-prose text-sm text-slate-700">{children}</p>
      <NotReady view={view} />
      {view.status === 'ready' && <Form initial={view.data} />}
    </div>
  );
}

/** A settings form: `read` gives the terms (or why they are invalid), « Enregistrer » saves them, busy meanwhile, and the refusal is read out. */
export function SettingsForm<T extends object>({
  read,
  save,
  className,
  children,
}: {
  read: () => T | string;
  save: (terms: T) => Promise<string | null>;
  className: string;
  children: ReactNode;
}) {
  const { busy, error, setError, run } = useWrite();

  function submit(e: FormEvent) {
    e.preventDefault();
    const terms = read();
    if (typeof terms === 'string') setError(terms);
    else void run(() => save(terms));
  }

  return (
    <form onSubmit={submit} noValidate className={className}>
      {children}
      <button type="submit" disabled={busy} className={PRIMARY}>
        Enregistrer
      </button>
      <Alert message={error} />
    </form>
  );
}
