import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { AdminPack } from '../../domain/pack-admin.ts';
import { PRIMARY } from './admin-ui.ts';
import { PackCard } from './PackCard.tsx';
import { PackForm } from './PackForm.tsx';
import { $adminPacks, loadAdminPacks } from './packs.store.ts';
import { NotReady } from './AdminNotReady.tsx';

/** The packs (§3 "Pack"): every pack, offered or not, as cards; create or edit one; copy its `/pack-promo?code=…` link; switch it on or off. */
export default function AdminPacks() {
  const view = useStore($adminPacks);
  const [editing, setEditing] = useState<AdminPack | 'new' | null>(null);
  useEffect(() => void loadAdminPacks(), []);
  // The form replaces the list: start it from its top. (Braces: Chromium's scrollTo now returns a promise, which React would take for a cleanup.)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `editing` is the trigger, not an input: each switch between list and form scrolls to the top.
  useEffect(() => {
    scrollTo({ top: 0 });
  }, [editing]);

  if (view.status !== 'ready') return <NotReady view={view} loading="Chargement des packs…" />;
  const offered = view.data.filter((p) => p.active).length;
  if (editing) return <PackForm pack={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-slate-700">
          {view.data.length === 0
            ? 'Aucun pack pour l’instant.'
            : `${view.data.length} pack${view.data.length > 1 ? 's' : ''}, dont ${offered} proposé${offered > 1 ? 's' : ''} aux clients`}
        </p>
        <button type="button" onClick={() => setEditing('new')} className={PRIMARY}>
          Nouveau pack
        </button>
      </div>
      <ul className="grid gap-3 md:grid-cols-2">
        {view.data.map((p) => (
          <PackCard key={p.id} pack={p} onEdit={() => setEditing(p)} />
        ))}
      </ul>
    </div>
  );
}
