import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { FilePicker } from '../../components/ui/FilePicker.tsx';
import { CONTACT_FIELDS } from '../../domain/account-text.ts';
import { isCreditMember } from '../../domain/credit.ts';
import { adhesionFact } from '../../domain/membership-text.ts';
import { MembershipRequest } from './MembershipRequest.tsx';
import { EmailField, Field, fieldErrors, FormMessage, formValues, PhoneField, Submit } from './form-kit.tsx';
import { accountFormModules, MODULES_UNREACHABLE } from './form-modules.ts';
import type { ProfileFirstView } from './member-reads.ts';
import PendingContactForm from './PendingContactForm.tsx';
import { $profile, showReadProfile } from './profile.store.ts';
import { logout } from './session.store.ts';
import { MyOrders } from '../orders/MyOrders.tsx';
import MyInstalments from '../credit/MyInstalments.tsx';
import { AddressBook } from './AddressBook.tsx';
import { Fact } from '../../components/ui/Fact.tsx';
import { Panel } from '../../components/ui/Panel.tsx';
import type { PaymentProviderChoice } from '../../domain/payment-providers.ts';

const MAX_AVATAR_BYTES = 60 * 1024;

/**
 * The profile (§2 `/profile`): name, phone, e-mail and avatar (editable), membership, parent account, delivery addresses, orders, logout.
 * `initial` is what the server read for the first view; without it the island reads the profile itself.
 */
export default function ProfilePage({
  initial,
  providers,
}: {
  initial?: ProfileFirstView;
  /** The providers 'En ligne' pays with (features/orders/offered-providers.ts), for « Mes échéances » drawn by the server. */
  providers?: readonly PaymentProviderChoice[];
}) {
  const profile = useStore($profile) ?? initial?.profile;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  // The chosen photo, shown at once while it uploads (and kept if the server refuses it, with the reason).
  const [chosen, setChosen] = useState<{ name: string; preview: string } | null>(null);

  useEffect(() => {
    // Drawn from the server's read: the schemas and the account store wait for the shopper to reach the form (below).
    if (initial) return showReadProfile(initial.profile, initial.session, initial.addresses);
    void accountFormModules().then(async (loaded) => {
      if (!loaded) return setLoadError(MODULES_UNREACHABLE);
      const [, { errorMessage, loadProfile }] = loaded;
      await loadProfile().catch((err) => setLoadError(errorMessage(err, 'Impossible de charger votre profil.')));
    });
  }, [initial]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaved(undefined);
    // Empty fields are left as they are (a member may have no phone yet).
    const filled = Object.fromEntries(Object.entries(formValues(e.currentTarget)).filter(([, v]) => v.trim() !== ''));
    const modules = await accountFormModules();
    if (!modules) return setErrors({ form: MODULES_UNREACHABLE });
    const [{ profileUpdateSchema }, { errorMessage, updateProfile }] = modules;
    const parsed = profileUpdateSchema.safeParse(filled);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    // Only what changed goes out: an e-mail or phone sent again would ask for another code.
    const changed = Object.fromEntries(
      Object.entries(parsed.data).filter(([k, v]) => {
        const key = k as keyof typeof parsed.data;
        return v !== profile?.[key] && (key === 'name' || v !== profile?.pending[key]);
      }),
    );
    if (Object.keys(changed).length === 0) return setSaved('Profil enregistré.');
    setBusy(true);
    try {
      const pending = await updateProfile(changed);
      setSaved(
        Object.keys(pending).some((k) => k in changed)
          ? 'Profil enregistré. Confirmez le nouveau contact avec le code reçu.'
          : 'Profil enregistré.',
      );
    } catch (err) {
      setErrors({ form: errorMessage(err, 'Enregistrement impossible. Réessayez.') });
    } finally {
      setBusy(false);
    }
  }

  function onAvatar(file: File) {
    setSaved(undefined);
    if (file.size > MAX_AVATAR_BYTES || !/^image\/(png|jpeg|webp)$/.test(file.type)) {
      setChosen({ name: file.name, preview: '' });
      return setErrors({ avatar: 'Choisissez une image PNG, JPEG ou WebP de 60 Ko au plus.' });
    }
    setErrors({});
    const reader = new FileReader();
    reader.onload = () => {
      const dataUrl = String(reader.result);
      setChosen({ name: file.name, preview: dataUrl });
      void accountFormModules().then((modules) => {
        if (!modules) return setErrors({ avatar: MODULES_UNREACHABLE });
        const [, { errorMessage, updateAvatar }] = modules;
        return updateAvatar(dataUrl).then(
          () => setSaved('Photo de profil enregistrée.'),
          (err) => setErrors({ avatar: errorMessage(err, 'Photo refusée.') }),
        );
      });
    };
    reader.readAsDataURL(file);
  }

  if (loadError) return <FormMessage text={loadError} kind="error" />;
  if (!profile)
    return (
      <p role="status" className="text-slate-600">
        Chargement du profil…
      </p>
    );

  return (
    <div className="grid gap-8 md:grid-cols-[16rem_1fr]">
      <Panel id="compte" title="Mon compte" className="space-y-4" heading="text-lg font-semibold">
        {chosen?.preview ? (
          // biome-ignore lint/a11y/noRedundantAlt: "photo" names what the picture is (the shopper's own new photo), not that it is an image; journeys find it by this name.
          <img src={chosen.preview} alt="Aperçu de la nouvelle photo" className="size-24 rounded-full object-cover" />
        ) : profile.avatar ? (
          // biome-ignore lint/a11y/noRedundantAlt: "Photo de profil" is what this picture is (the account's avatar), not a word for "image"; journeys find it by this name.
          <img src={profile.avatar} alt="Photo de profil" className="size-24 rounded-full object-cover" />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-24 items-center justify-center rounded-full bg-brand-100 text-3xl font-bold text-brand-800"
          >
            {profile.name.slice(0, 1)}
          </div>
        )}
        <div className="space-y-1">
          <p className="font-medium">Changer la photo</p>
          <FilePicker
            id="avatar"
            label="Choisir une photo"
            accept="image/png,image/jpeg,image/webp"
            describedBy={errors.avatar ? 'avatar-limit avatar-err' : 'avatar-limit'}
            chosen={chosen?.name ?? null}
            onFile={onAvatar}
          />
          <p id="avatar-limit" className="text-sm text-slate-600">
            PNG, JPEG ou WebP, 60 Ko au plus.
          </p>
          {errors.avatar && (
            <p id="avatar-err" role="alert" className="text-sm font-medium text-red-700">
              {errors.avatar}
            </p>
          )}
        </div>
        <dl className="space-y-2">
          <Fact term="Adhésion">{adhesionFact(isCreditMember(profile) ? 'accepted' : profile.adhesion)}</Fact>
          <Fact term="Compte parent">{profile.parent?.name ?? 'Aucun'}</Fact>
        </dl>
        <MembershipRequest adhesion={profile.adhesion ?? null} />
        {profile.organisation && (
          <a href="/compte-parent" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
            Compte parent {profile.organisation} : commandes de mes membres
          </a>
        )}
        <button
          type="button"
          onClick={() => void logout()}
          className="inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 font-semibold text-slate-800 hover:bg-slate-100"
        >
          Se déconnecter
        </button>
      </Panel>
      <div className="space-y-8">
        {/* The schemas and the account store load as soon as the shopper reaches the form, while they type, so a send does not wait. */}
        <form
          noValidate
          onSubmit={onSubmit}
          onFocus={() => void accountFormModules()}
          method="post"
          className="max-w-md space-y-4"
          aria-labelledby="infos"
        >
          <h2 id="infos" className="text-lg font-semibold">
            Mes informations
          </h2>
          <FormMessage text={saved} kind="success" />
          <FormMessage text={errors.form} kind="error" />
          <Field name="name" label="Nom complet" autoComplete="name" defaultValue={profile.name} error={errors.name} />
          <PhoneField name="partner_phone" label="Téléphone" defaultValue={profile.partner_phone ?? ''} error={errors.partner_phone} />
          <EmailField name="email" label="Adresse e-mail" defaultValue={profile.email ?? ''} error={errors.email} />
          <Submit busy={busy}>Enregistrer</Submit>
        </form>
        {CONTACT_FIELDS.map((field) => {
          const value = profile.pending[field];
          return value ? <PendingContactForm key={`${field}:${value}`} field={field} value={value} onDone={setSaved} /> : null;
        })}
        <AddressBook userId={profile.id} initial={initial?.addresses} />
        <MyInstalments initial={initial?.instalments ?? undefined} providers={providers} />
        <Panel id="commandes" title="Mes commandes" heading="text-lg font-semibold">
          <MyOrders userId={profile.id} initial={initial?.orders} />
        </Panel>
      </div>
    </div>
  );
}
