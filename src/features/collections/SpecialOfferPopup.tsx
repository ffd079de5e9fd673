import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import { $popupLastClosed, closePopup, popupWait } from './popup.store.ts';

/**
 * Special offer for new visitors (§4, cart pages only): up to 20 000 FCFA off a first purchase; closable, back after 10 s.
 * A compact sheet in the page's flow after the cart, never over it: it covers no line, total, tranche or button,
 * shifts nothing above it when it appears, and never takes the focus (a quantity being typed keeps it).
 */
export default function SpecialOfferPopup() {
  const lastClosed = useStore($popupLastClosed);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const wait = popupWait(Date.now(), lastClosed);
    if (wait === 0) {
      setOpen(true);
      return;
    }
    setOpen(false);
    const timer = setTimeout(() => setOpen(true), wait);
    return () => clearTimeout(timer);
  }, [lastClosed]);

  if (!open) return null;
  return (
    <div
      role="dialog"
      aria-labelledby="offre-titre"
      aria-describedby="offre-texte"
      onKeyDown={(e) => e.key === 'Escape' && closePopup()}
      className="relative mt-6 rounded-lg border border-accent-400 bg-white p-3 pr-12 shadow-sm sm:p-4 sm:pr-12"
    >
      <button type="button" onClick={() => closePopup()} aria-label="Fermer l’offre spéciale" className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full hover:bg-slate-100">
        <Icon name="close" size={20} />
      </button>
      <h2 id="offre-titre" className="font-bold text-brand-800">Offre spéciale nouveaux clients</h2>
      <p id="offre-texte" className="mt-1 text-sm text-slate-700">
        Inscrivez-vous et bénéficiez d’une réduction allant jusqu’à <strong>20 000 FCFA</strong> sur votre premier achat. Offre non valable sur les produits en promotion.
      </p>
      <a href="/signup" className="mt-2 inline-flex min-h-11 items-center rounded-md bg-accent-400 px-4 font-semibold text-slate-900 hover:bg-accent-300">Je m’inscris</a>
    </div>
  );
}
