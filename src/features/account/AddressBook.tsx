/** "Mes adresses" of the profile (§2 `/profile`): the delivery addresses, one default, added, changed and removed here. */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { DeliveryAddress } from '../../domain/addresses.ts';
import { MAX_ADDRESSES } from '../../domain/addresses-text.ts';
import { Panel } from '../../components/ui/Panel.tsx';
import { Field, formValues, PhoneField, Submit } from './form-kit.tsx';
import { $addresses } from './profile.store.ts';

// The store (API client, zod) loads when the shopper first acts, so the profile's first view stays light.
const addressStore = () => import('./addresses.store.ts');

const BUTTON = 'inline-flex min-h-11 items-center rounded-md border px-3 font-semibold';

/** '221771234567' as people read it: '+221 77 123 45 67'. */
const shownPhone = (p: string) => (/^221\d{9}$/.test(p) ? `+221 ${p.slice(3, 5)} ${p.slice(5, 8)} ${p.slice(8, 10)} ${p.slice(10)}` : p);

function AddressItem({ address, onEdit, userId }: { address: DeliveryAddress; onEdit: () => void; userId: number }) {
  const [busy, setBusy] = useState(false);
  const act = (run: (s: Awaited<ReturnType<typeof addressStore>>) => Promise<void>) => {
    setBusy(true);
    void addressStore()
      .then(run)
      .finally(() => setBusy(false));
  };
  return (
    <li className="space-y-2 py-3">
      <p className="flex flex-wrap items-center gap-2">
        <strong>{address.label}</strong>
        {address.is_default && <span className="rounded-full bg-emerald-100 px-2 text-sm font-semibold text-emerald-800">Par défaut</span>}
      </p>
      <p className="text-slate-700">{address.adresse}</p>
      <p className="text-sm text-slate-600">{shownPhone(address.telephone)}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onEdit} className={`${BUTTON} border-slate-300 text-slate-800`}>
          Modifier<span className="sr-only"> l’adresse {address.label}</span>
        </button>
        {!address.is_default && (
          <button
            type="button"
            disabled={busy}
            onClick={() => act((s) => s.makeDefault(userId, address))}
            className={`${BUTTON} border-brand-700 text-brand-700`}
          >
            Choisir par défaut<span className="sr-only"> : {address.label}</span>
          </button>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={() => act((s) => s.deleteAddress(userId, address))}
          className={`${BUTTON} border-red-700 text-red-800`}
        >
          Supprimer<span className="sr-only"> l’adresse {address.label}</span>
        </button>
      </div>
    </li>
  );
}

/** The add or edit form; `editing` names the address being changed. */
function AddressForm({
  userId,
  editing,
  first,
  onDone,
}: {
  userId: number;
  editing: DeliveryAddress | null;
  first: boolean;
  onDone: () => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // On a phone the form is below the list: "Modifier" takes the shopper to its first field.
  useEffect(() => {
    if (editing) formRef.current?.querySelector('input')?.focus();
  }, [editing]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const values: Record<string, unknown> = formValues(form);
    values.is_default = values.is_default === 'on';
    const store = await addressStore().catch(() => null);
    if (!store) return setErrors({ form: 'Connexion impossible. Vérifiez votre connexion et réessayez.' });
    const checked = store.checkAddress(values);
    if ('errors' in checked) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    const saved = await store.saveAddress(userId, checked.data, editing?.id);
    setBusy(false);
    if (!saved) return;
    form.reset();
    onDone();
  }

  // Each field's name, the value being edited and its message.
  const field = (name: 'label' | 'adresse' | 'telephone') => ({ name, defaultValue: editing?.[name] ?? '', error: errors[name] });
  const heading = editing ? `Modifier l’adresse ${editing.label}` : 'Ajouter une adresse';
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      method="post"
      aria-label={heading}
      className="space-y-3 rounded-md bg-slate-50 p-3"
    >
      <h3 className="font-semibold">{heading}</h3>
      {errors.form && (
        <p role="alert" className="font-medium text-red-800">
          {errors.form}
        </p>
      )}
      <Field {...field('label')} label="Nom de l’adresse" hint="Par exemple Maison ou Bureau." />
      <Field {...field('adresse')} label="Adresse de livraison" autoComplete="street-address" hint="Quartier, rue, repère." />
      <PhoneField {...field('telephone')} label="Numéro à appeler à la livraison" />
      {/* The first address is the default whatever is ticked; the default stays so until another takes its place. */}
      {!first && !editing?.is_default && (
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" name="is_default" className="size-5" />
          Adresse par défaut
        </label>
      )}
      <Submit busy={busy}>{editing ? 'Enregistrer l’adresse' : 'Ajouter l’adresse'}</Submit>
      {editing && (
        <button type="button" onClick={onDone} className={`${BUTTON} w-full justify-center border-slate-300 text-slate-800`}>
          Annuler
        </button>
      )}
    </form>
  );
}

/** The list with its actions and the form; `initial` is the server's read (null: read here). */
export function AddressBook({ userId, initial }: { userId: number; initial: DeliveryAddress[] | null | undefined }) {
  const list = useStore($addresses) ?? initial ?? null;
  const [editing, setEditing] = useState<DeliveryAddress | null>(null);
  const [loadError, setLoadError] = useState<string>();

  useEffect(() => {
    if (initial || $addresses.get()) return;
    void addressStore()
      .then((s) => s.loadAddresses(userId))
      .catch(() => setLoadError('Impossible de charger vos adresses.'));
  }, [initial, userId]);

  return (
    <Panel id="adresses" title="Mes adresses" className="max-w-md space-y-3" heading="text-lg font-semibold">
      {loadError ? (
        <p role="alert" className="text-red-800">
          {loadError}
        </p>
      ) : !list ? (
        <p role="status" className="text-slate-600">
          Chargement des adresses…
        </p>
      ) : list.length === 0 ? (
        <p className="text-slate-600">Aucune adresse enregistrée : ajoutez celle où livrer vos commandes.</p>
      ) : (
        <ul aria-label="Adresses de livraison" className="divide-y divide-slate-200">
          {list.map((a) => (
            <AddressItem key={a.id} address={a} userId={userId} onEdit={() => setEditing(a)} />
          ))}
        </ul>
      )}
      {list && (editing || list.length < MAX_ADDRESSES) ? (
        <AddressForm
          key={editing?.id ?? 'new'}
          userId={userId}
          editing={editing}
          first={list.length === 0}
          onDone={() => setEditing(null)}
        />
      ) : (
        list && <p className="text-sm text-slate-600">{MAX_ADDRESSES} adresses au plus : supprimez-en une pour en ajouter une autre.</p>
      )}
    </Panel>
  );
}
