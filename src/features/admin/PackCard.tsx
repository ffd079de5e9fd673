import { useState } from 'react';
import { packUnavailability } from '../../domain/availability.ts';
import { formatFCFA } from '../../domain/money.ts';
import { packHref, type AdminPack } from '../../domain/pack-admin.ts';
import { toast } from '../frame/toast.store.ts';
import { CARD, PRIMARY, SECONDARY } from './admin-ui.ts';
import { setPackActive } from './packs.store.ts';

/** One pack: name, code, total, its products; on/off switch, edit, and its shopper link shown and copied. */
export function PackCard({ pack, onEdit }: { pack: AdminPack; onEdit: () => void }) {
  // The switch shows the wanted state while it is being saved, and falls back to the stored one if refused.
  const [pending, setPending] = useState<boolean | null>(null);
  const link = new URL(packHref(pack.code), location.origin).href;
  const withdrawn = pack.lines.filter((l) => !l.sale_ok);
  // Offered but not buyable: the shoppers see it unavailable and the home page does not promote it (availability.ts).
  const unavailable = packUnavailability(pack.lines);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast('Lien copié.', { kind: 'success', duration: 3000 });
    } catch {
      // No clipboard (an old browser, or permission refused): the link is on screen to select by hand.
      toast('Copie impossible : sélectionnez le lien affiché pour le copier.', { kind: 'warning' });
    }
  }
  async function toggle(active: boolean) {
    setPending(active);
    await setPackActive(pack, active);
    setPending(null);
  }

  return (
    <li className={`${CARD} space-y-3`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-bold text-brand-900">{pack.name}</h2>
          <p className="font-mono text-sm text-slate-700">{pack.code}</p>
        </div>
        <p className="text-lg font-bold">{formatFCFA(pack.total)}</p>
      </div>
      <ul className="space-y-1 text-sm text-slate-700">
        {pack.lines.map((l) => (
          <li key={l.product_id}>
            {l.quantity} × {l.name} à {formatFCFA(l.price_unit)}
            {!l.sale_ok && ' (retiré de la vente)'}
            {l.stock < l.quantity && (l.stock <= 0 ? ' (rupture de stock)' : ` (plus que ${l.stock} en stock)`)}
          </li>
        ))}
      </ul>
      {withdrawn.length > 0 && pack.active && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Un produit de ce pack est retiré de la vente : ses commandes seront refusées.
        </p>
      )}
      {unavailable && pack.active && (
        <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {unavailable} Proposé aux clients, mais impossible à commander : réapprovisionnez ce produit ou retirez-le du pack.
        </p>
      )}
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input
          type="checkbox"
          // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its checked state to the switch role itself; ARIA in HTML forbids aria-checked on input type=checkbox.
          role="switch"
          checked={pending ?? pack.active}
          disabled={pending !== null}
          onChange={(e) => void toggle(e.target.checked)}
          className="size-5 accent-brand-700"
        />
        Proposé aux clients<span className="sr-only"> : {pack.name}</span>
      </label>
      <p className="text-sm break-all">
        <span className="font-medium">Lien du pack : </span>
        <a href={link} className="text-brand-700 underline">
          {link}
        </a>
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={() => void copy()} className={PRIMARY}>
          Copier le lien<span className="sr-only"> de {pack.name}</span>
        </button>
        <button type="button" onClick={onEdit} className={SECONDARY}>
          Modifier<span className="sr-only"> {pack.name}</span>
        </button>
      </div>
    </li>
  );
}
