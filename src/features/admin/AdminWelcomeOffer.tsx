import { useState } from 'react';
import { welcomeLabel, type WelcomeTerms } from '../../domain/welcome.ts';
import { INPUT } from './admin-ui.ts';
import { welcomeTerms } from './admin-settings.store.ts';
import { SettingsForm, SettingsScreen } from './AdminSettings.tsx';

/** The form of the terms; the server's refusal shown under it. */
function TermsForm({ initial }: { initial: WelcomeTerms }) {
  const [active, setActive] = useState(initial.active);
  const [rate, setRate] = useState(String(initial.rate));
  const [cap, setCap] = useState(String(initial.cap));
  const example = Math.min(Number(cap) || 0, Math.floor((100_000 * (Number(rate) || 0)) / 100));

  return (
    <SettingsForm
      read={() => ({ active, rate: Number(rate), cap: Number(cap) })}
      save={welcomeTerms.save}
      className="max-w-md space-y-3 rounded-lg bg-white p-4 shadow-sm"
    >
      <label className="flex min-h-11 items-center gap-3 font-medium">
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="size-5" />
        Offre active
      </label>
      <label className="block text-sm font-medium">
        Taux (%)
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          value={rate}
          onChange={(e) => setRate(e.target.value)}
          className={INPUT}
        />
      </label>
      <label className="block text-sm font-medium">
        Plafond (FCFA)
        <input type="number" inputMode="numeric" min={0} value={cap} onChange={(e) => setCap(e.target.value)} className={INPUT} />
      </label>
      <p className="text-sm text-slate-600">
        Sur une première commande de 100 000 FCFA hors promotions : {example > 0 ? welcomeLabel(example) : 'aucune réduction'}.
      </p>
    </SettingsForm>
  );
}

/** §1, §9 "Offre de bienvenue": on or off, its rate and cap; who gets it is the shop's rule, stated here. */
export default function AdminWelcomeOffer() {
  return (
    <SettingsScreen settings={welcomeTerms} Form={TermsForm}>
      La réduction va à la première commande d’un compte client confirmé (une commande annulée la rend), sur les produits qui ne sont pas en
      promotion, pour une commande ordinaire ou une pré-commande ; jamais aux invités, aux commandes à crédit ni aux packs.
    </SettingsScreen>
  );
}
