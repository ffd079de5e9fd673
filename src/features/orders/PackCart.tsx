import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { availability, packUnavailability } from '../../domain/availability.ts';
import { formatFCFA } from '../../domain/money.ts';
import { orderDetailsPath, paymentStatePath } from '../../domain/orders.ts';
import { offeredProvider, type PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { productImageSrc } from '../../lib/images.ts';
import { $isAuthenticated } from '../account/session.store.ts';
import { BookingDialog } from './BookingDialog.tsx';
import { DeliveryFields } from './DeliveryFields.tsx';
import {
  $deliveryErrors,
  $packDelivery,
  $packOrder,
  $packView,
  $paymentError,
  $paymentMode,
  $paymentProvider,
  choosePaymentMode,
  choosePaymentProvider,
  loadPack,
  PACK_TEXT,
  setPackDelivery,
  showPack,
  validatePackCart,
  type PackDelivery,
  type PackLookup,
} from './pack.store.ts';
import { PaymentChoice, pickedBeforeWaking } from './PaymentChoice.tsx';
import { providerPickedBeforeWaking } from './ProviderChoice.tsx';
import { RetryButton } from '../../components/ui/RetryButton.tsx';
import { Panel } from '../../components/ui/Panel.tsx';

const CARD = 'rounded-lg bg-white p-4 shadow-sm';
const PRIMARY =
  'inline-flex min-h-12 w-full items-center justify-center rounded-md bg-brand-700 px-4 text-lg font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
const LINK = 'font-semibold text-brand-700 underline';

function Gone({ code, offline }: { code: string; offline: boolean }) {
  return (
    <div className={`${CARD} space-y-3 p-6 text-center`}>
      <p className="font-medium">{PACK_TEXT.gone}</p>
      {offline && (
        <>
          <p className="text-sm text-slate-600">La boutique n’a pas répondu : vérifiez votre connexion.</p>
          <RetryButton onRetry={() => void loadPack(code)} />
        </>
      )}
      <p className="flex flex-wrap justify-center gap-x-6 gap-y-2">
        <a href="/pack-promo" className={LINK}>
          Voir nos packs
        </a>
        <a href="/boutique" className={LINK}>
          Continuer vos achats
        </a>
      </p>
    </div>
  );
}

function Booked({ reference, online }: { reference: string; online: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // §4 guest pack flow: the shopper goes on to /boutique (this panel shows while the page changes); paying online,
  // the toasts and the confirmation say where to pay (tracking or the e-mail's link).
  useEffect(() => location.assign('/boutique'), []);
  return (
    <section aria-labelledby="reservation" className={`${CARD} space-y-4 p-6 text-center`}>
      <h2 id="reservation" ref={heading} tabIndex={-1} className="text-xl font-bold text-emerald-800 focus:outline-none">
        Réservation enregistrée
      </h2>
      <p>Votre référence de commande :</p>
      <p data-testid="order-reference" className="text-2xl font-extrabold tracking-wide text-brand-900 select-all">
        {reference}
      </p>
      <p className="text-sm text-slate-700">
        Notez-la : avec le téléphone ou l’e-mail donnés, elle vous permet de suivre votre commande. Vous la recevez aussi par e-mail et par
        SMS.
      </p>
      <div className="flex flex-col gap-3">
        <a href="/boutique" className={PRIMARY}>
          Continuer vos achats
        </a>
        <a href={`/tracking-order?ref=${encodeURIComponent(reference)}`} className={LINK}>
          Suivre ma commande
        </a>
        {online && (
          <a href={paymentStatePath(reference)} className={LINK}>
            Voir l’état du paiement
          </a>
        )}
      </div>
    </section>
  );
}

/** What the server drew the cart with: the pack it read (or none), whether the visitor is logged in (§3 cookies), where a logged-in order goes, and this page's address. */
export interface PackCartProps {
  first: PackLookup;
  loggedIn: boolean;
  /** The default delivery address and its phone (else the profile's phone), prefilled for a logged-in user. */
  delivery?: PackDelivery;
  here: string;
  /** The online providers the shop offers (§2 'En ligne'), Wave first; none: only 'A domicile'. */
  providers: readonly PaymentProviderChoice[];
}

/** §2 "Pack cart": the pack named by `?code=`, its total and payment choice; a visitor books as a guest or logs in (§4). */
export default function PackCart({ first, loggedIn, delivery = { adresse: '', telephone: '' }, here, providers }: PackCartProps) {
  // In the browser, before the stores are read (a tap replayed right after hydration needs them): the server's pack,
  // and a payment mode picked on its radios before the island woke. Never on the server, whose stores all visitors share.
  useState(() => {
    if (typeof document === 'undefined') return;
    showPack(first);
    setPackDelivery(delivery);
    const early = pickedBeforeWaking();
    if (early) choosePaymentMode(early);
    choosePaymentProvider(offeredProvider(providerPickedBeforeWaking(), providers) ?? 'wave');
  });
  const stored = useStore($packView);
  // A shop without online payment has one mode, so it is chosen.
  const mode = useStore($paymentMode) ?? (providers.length === 0 ? 'domicile' : null);
  // One the shop offers, even when the store still holds another (a pack loaded again starts from Wave).
  const provider = offeredProvider(useStore($paymentProvider), providers) ?? 'wave';
  const modeError = useStore($paymentError);
  const order = useStore($packOrder);
  const authenticated = useStore($isAuthenticated);
  const typed = useStore($packDelivery);
  const deliveryErrors = useStore($deliveryErrors);
  // Hydration draws what the server drew; from then on the stores lead.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const view = live ? stored : first;
  const visitor = !(live ? authenticated : loggedIn);

  async function onValidate() {
    if (mode && $paymentMode.get() === null) choosePaymentMode(mode);
    const placed = await validatePackCart();
    // §4 logged-in pack flow: on to the order's details, whose 'Payer en ligne' opens the provider for an online order.
    if (placed) location.assign(orderDetailsPath(placed.type_sale, placed.id));
  }

  if (view.status === 'loading')
    return (
      <p role="status" className="text-slate-600">
        Chargement du pack…
      </p>
    );
  if (view.status === 'missing') return <Gone code={view.code} offline={view.offline} />;
  if (view.status === 'booked') return <Booked reference={view.reference} online={view.payment_mode === 'online'} />;

  const { pack } = view;
  // §3 "Pack": a pack short of a product is said so, naming it, before any form (the order would be refused).
  const unavailable = packUnavailability(pack.produits);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      {unavailable && (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-800 lg:col-span-2">
          <p className="font-semibold">{unavailable}</p>
          <p className="text-sm">Ce pack ne peut pas être commandé pour le moment.</p>
        </div>
      )}
      <Panel id="pack-name" title={pack.name} className={CARD} heading="text-xl font-bold text-brand-900">
        <ul aria-label="Produits du pack" data-keep-clear className="mt-2 divide-y divide-slate-200">
          {pack.produits.map((p) => (
            <li key={p.id} className="flex items-center gap-3 py-3">
              <img
                src={productImageSrc(p.image)}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                className="size-16 shrink-0 rounded-md bg-white object-contain"
              />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-slate-900">{p.name}</p>
                <p className="text-sm text-slate-600">
                  Quantité : {p.quantity} · {formatFCFA(p.price_unit)} l’unité
                </p>
                {p.stock !== undefined && p.stock < p.quantity && (
                  <p className="text-sm font-semibold text-red-700">{availability({ quantity: p.stock, preorder_price: null }).label}</p>
                )}
              </div>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel id="pack-resume" title="Récapitulatif" className={`${CARD} h-fit space-y-4`}>
        <p className="flex items-baseline justify-between text-lg">
          <span>Total</span>
          <strong data-testid="pack-total" className="text-brand-800">
            {formatFCFA(pack.sommeTotal)}
          </strong>
        </p>
        <p className="text-sm font-semibold text-emerald-700">Livraison gratuite sur Dakar</p>
        {!unavailable && (
          <>
            {!visitor && <DeliveryFields value={live ? typed : delivery} errors={deliveryErrors} onChange={setPackDelivery} />}
            <PaymentChoice
              providers={providers}
              value={mode}
              onChange={choosePaymentMode}
              provider={provider}
              onProvider={choosePaymentProvider}
              error={modeError ?? undefined}
            />
            {order.failure && (
              <div role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
                <p className="font-semibold">{PACK_TEXT.notValidated}</p>
                <p>{order.failure}</p>
              </div>
            )}
            {pack.sommeTotal > 0 && (
              <button type="button" onClick={() => void onValidate()} disabled={order.busy} className={PRIMARY}>
                {order.busy ? 'Envoi en cours...' : 'Valider le Panier'}
              </button>
            )}
            {visitor && (
              <div className="space-y-1 text-center text-sm">
                <p className="text-slate-600">Sans compte, vous réservez avec vos coordonnées.</p>
                <a href={`/login?redirect=${encodeURIComponent(here)}`} className={LINK}>
                  Connectez-vous pour confirmer la commande
                </a>
              </div>
            )}
          </>
        )}
        <a href="/boutique" data-keep-clear className="block text-center text-sm text-brand-700 underline">
          Continuer vos achats
        </a>
      </Panel>
      {visitor && !unavailable && <BookingDialog />}
    </div>
  );
}
