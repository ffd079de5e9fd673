import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/ui/Icon.tsx';
import { $popupLastClosed, closePopup, popupWait } from './popup.store.ts';

/** Special offer for new visitors (cart pages only): up to 20 000 FCFA off a first purchase; closable, back after 10 s. */
export default function SpecialOfferPopup() {
  const lastClosed = useStore($popupLastClosed);
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);

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
      className="fixed right-4 bottom-4 z-40 w-[min(22rem,calc(100vw-2rem))] rounded-xl border border-accent-400 bg-white p-5 shadow-2xl"
    >
      <button ref={closeRef} type="button" onClick={() => closePopup()} aria-label="Fermer l’offre spéciale" className="absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-full hover:bg-slate-100">
        <Icon name="close" size={20} />
      </button>
      <h2 id="offre-titre" className="pr-8 text-lg font-bold text-brand-800">Offre spéciale nouveaux clients</h2>
      <p id="offre-texte" className="mt-2 text-sm text-slate-700">
        Inscrivez-vous et bénéficiez d’une réduction allant jusqu’à <strong>20 000 FCFA</strong> sur votre premier achat. Offre non valable sur les produits en promotion.
      </p>
      <a href="/signup" className="mt-4 inline-block rounded-md bg-accent-400 px-4 py-2 font-semibold text-slate-900 hover:bg-accent-300">Je m’inscris</a>
    </div>
  );
}
