import { useEffect, useState } from 'react';
import { formatDate } from '../../domain/dates.ts';
import type { Membership } from '../../domain/membership.ts';
import { FormMessage } from './form-kit.tsx';
import { MembershipForm } from './MembershipForm.tsx';
import { $profile } from './profile.store.ts';

const BUTTON = 'inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800';

/**
 * The profile's membership request (§2 profile, §6 credit members): the entry to ask for credit membership, then the
 * request's state (sent, refused with its reason and a way to ask again, accepted). `adhesion` is the account's.
 */
export function MembershipRequest({ adhesion }: { adhesion: string | null }) {
  // undefined until read; a customer who never asked (no adhesion) has nothing to read.
  const [request, setRequest] = useState<Membership | null | undefined>(
    adhesion === 'pending' || adhesion === 'refused' ? undefined : null,
  );
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (request !== undefined) return;
    void import('./membership.store.ts')
      .then((s) => s.loadMembership())
      .then((read) => ('error' in read ? setError(read.error) : setRequest(read.request)))
      .catch(() => setError('Connexion impossible. Vérifiez votre connexion et réessayez.'));
  }, [request]);

  if (adhesion === 'accepted') return null;
  if (error) return <FormMessage text={error} kind="error" />;
  if (request === undefined)
    return (
      <p role="status" className="text-sm text-slate-600">
        Lecture de votre demande d’adhésion…
      </p>
    );
  if (open)
    return (
      <MembershipForm
        onSent={(r) => {
          setRequest(r);
          // The « Adhésion » line above follows at once, as the next read of the profile would.
          const shown = $profile.get();
          if (shown) $profile.set({ ...shown, adhesion: 'pending' });
          setOpen(false);
          setSent(true);
        }}
      />
    );
  return (
    <div className="space-y-2">
      {sent && <FormMessage text="Demande envoyée. Nous vous prévenons de notre décision par SMS et par e-mail." kind="success" />}
      {request?.state === 'sent' && (
        <p className="text-sm text-slate-700">Demande envoyée le {formatDate(request.created_at)}, en cours d’examen.</p>
      )}
      {request?.state === 'accepted' && <p className="text-sm font-medium text-emerald-700">Acceptée</p>}
      {request?.state === 'refused' && <p className="text-sm text-red-800">Refusée : {request.reason}</p>}
      {(!request || request.state === 'refused') && (
        <button type="button" onClick={() => setOpen(true)} className={BUTTON}>
          {request ? 'Refaire une demande' : 'Demander l’adhésion au crédit'}
        </button>
      )}
    </div>
  );
}
