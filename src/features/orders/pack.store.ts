/** The pack cart of §2 `/pack-promo?code=…` and its orders (§4 "Guest pack flow", "Logged-in pack flow", §8 toasts): one order per attempt. */
import { atom } from 'nanostores';
import { FetchError } from 'ofetch';
import type { Pack } from '../../domain/catalogue.ts';
import { holdSpan } from '../../domain/holds.ts';
import {
  bookingFormSchema,
  deliveryFormSchema,
  guestBookingSchema,
  PAYMENT_MODE_REQUIRED,
  type BookingForm,
  type Order,
} from '../../domain/orders.schema.ts';
import type { PaymentMode } from '../../domain/orders.ts';
import type { PaymentProviderChoice } from '../../domain/payment-providers.ts';
import { api } from '../../lib/api.ts';
import { getPack } from '../../lib/catalogue-api.ts';
import { fieldErrors } from '../account/form-kit.tsx';
import { $isAuthenticated, $session } from '../account/session.store.ts';
import { trackPurchase } from './purchase-event.ts';
import { markOrderedHere } from '../collections/popup.store.ts';
import { toastAfterNavigation } from '../frame/flash-toast.ts';
import { dismissToast, toast } from '../frame/toast.store.ts';
import { attempts, postOrder } from './attempts.ts';
import { failure, type Via } from './orders.store.ts';
import { rememberPayment } from './payment.store.ts';

/** §8 toasts of the pack cart, letter for letter. */
export const PACK_TEXT = {
  gone: "Le pack n'est plus d'actualité ou indisponible.",
  logIn: 'Merci de vous connecter pour confirmer votre commande',
  created: 'Commande créé avec succés',
  notValidated: 'Commande non validé ',
} as const;
const LOST = 'La commande n’a pas pu être envoyée. Vérifiez votre connexion puis réessayez : elle ne sera pas enregistrée deux fois.';

/** What the pack cart shows: loading, the pack, a pack gone (or out of reach: `offline`), or the reference of the booking just made (the cart emptied). */
export type PackView =
  | { status: 'loading' }
  | { status: 'ready'; code: string; pack: Pack }
  | { status: 'missing'; code: string; offline: boolean }
  | { status: 'booked'; reference: string; payment_mode: PaymentMode };
export const $packView = atom<PackView>({ status: 'loading' });

/** §2 payment choice; none until the shopper picks one, so §5's message can be reached. */
export const $paymentMode = atom<PaymentMode | null>(null);
export const $paymentError = atom<string | null>(null);
/** Who is paid 'En ligne' (§2 `/payment-state`): Wave unless the shopper picks Orange Money. */
export const $paymentProvider = atom<PaymentProviderChoice>('wave');

/** Where a logged-in user's pack goes (§5 rules): prefilled from the default delivery address, else the profile's phone. */
export interface PackDelivery {
  adresse: string;
  telephone: string;
}
export const $packDelivery = atom<PackDelivery>({ adresse: '', telephone: '' });
/** The §5 message beside each delivery field that is wrong. */
export const $deliveryErrors = atom<Partial<Record<keyof PackDelivery, string>>>({});

/** The shopper changes (or the page prefills) the delivery address or phone; that field's message goes away. */
export function setPackDelivery(change: Partial<PackDelivery>): void {
  $packDelivery.set({ ...$packDelivery.get(), ...change });
  const errors = { ...$deliveryErrors.get() };
  for (const key of Object.keys(change)) delete errors[key as keyof PackDelivery];
  $deliveryErrors.set(errors);
}

/** The logged-in order: in flight, and the server's sentence when it failed. */
export const $packOrder = atom<{ busy: boolean; failure: string | null }>({ busy: false, failure: null });

/** The guest booking dialog (§2): open, sending, the errors beside each field (`form` for the whole form), and whether the server refused or never answered. */
export interface BookingState {
  open: boolean;
  busy: boolean;
  errors: Record<string, string>;
  failed: boolean;
}
const closedBooking: BookingState = { open: false, busy: false, errors: {}, failed: false };
export const $booking = atom<BookingState>(closedBooking);

const packAttempts = attempts<Record<string, unknown>>();
const bookingAttempts = attempts<Record<string, unknown>>();

/** What the server found for a code: the pack, or none (an empty pack counts as none). */
export type PackLookup = Extract<PackView, { status: 'ready' | 'missing' }>;

/** The cart starts over on `view`: no payment mode, no order under way. */
function startOver(view: PackView): void {
  $packView.set(view);
  $paymentMode.set(null);
  $paymentProvider.set('wave');
  $paymentError.set(null);
  $packOrder.set({ busy: false, failure: null });
}

/** The pack the server drew the page with (its §8 toast already shown on arrival), taken over by the island; a payment mode picked before it woke stays. */
export function showPack(lookup: PackLookup): void {
  $packView.set(lookup);
}

/** §7 `GET /api/pack_product/{code}`; a failed lookup or an empty pack toasts §8's message and shows the empty state. */
export async function loadPack(code: string, { client = api }: Via = {}): Promise<void> {
  startOver({ status: 'loading' });
  let offline = false;
  try {
    const pack = await getPack(code, { client });
    if (pack.produits.length > 0) {
      $packView.set({ status: 'ready', code, pack });
      if (!$isAuthenticated.get()) toast(PACK_TEXT.logIn, { kind: 'warning' });
      return;
    }
  } catch (err) {
    // No answer at all (a dropped connection, a timeout) is worth another try; an answer saying no is final.
    offline = err instanceof FetchError && err.status === undefined;
  }
  $packView.set({ status: 'missing', code, offline });
  toast(PACK_TEXT.gone, { kind: 'warning' });
}

let modeToast: number | null = null;

/** The shopper picks how to pay; §5's message goes away. */
export function choosePaymentMode(mode: PaymentMode): void {
  $paymentMode.set(mode);
  $paymentError.set(null);
  if (modeToast !== null) dismissToast(modeToast);
  modeToast = null;
}

/** The shopper picks Wave or Orange Money to pay 'En ligne'. */
export function choosePaymentProvider(provider: PaymentProviderChoice): void {
  $paymentProvider.set(provider);
}

const orderFields = (code: string, pack: Pack, mode: PaymentMode) => ({
  type_sale: 'order',
  payment_mode: mode,
  state: 'sale',
  type_order: 'pack',
  pack_code: code,
  order_lines: pack.produits.map((p) => ({ id: p.id, quantity: p.quantity, list_price: p.price_unit })),
});

/** 'Valider le Panier': §5 wants a payment mode; then a logged-in user orders (with an address and a phone, §5) and a visitor gets the booking dialog. */
export async function validatePackCart(via: Via = {}): Promise<Order | null> {
  const mode = $paymentMode.get();
  if (!mode) {
    $paymentError.set(PAYMENT_MODE_REQUIRED);
    if (modeToast !== null) dismissToast(modeToast);
    modeToast = toast(PAYMENT_MODE_REQUIRED, { kind: 'error' });
    return null;
  }
  if (!$isAuthenticated.get()) {
    $booking.set({ ...closedBooking, open: true });
    return null;
  }
  const delivery = deliveryFormSchema.safeParse($packDelivery.get());
  if (!delivery.success) {
    $deliveryErrors.set(fieldErrors(delivery.error));
    return null;
  }
  $deliveryErrors.set({});
  return orderPack(delivery.data, via);
}

/** The toast that carries a guest's order reference to /boutique. */
export const bookedText = (reference: string) =>
  `Réservation enregistrée : votre référence est ${reference}. Notez-la pour suivre votre commande (envoyée aussi par SMS et e-mail).`;

/** The toast that tells a guest paying 'En ligne' where to pay, once on /boutique (§4). */
const payLaterText = `Paiement en ligne : payez dans les ${holdSpan({ guest: false, paymentMode: 'online' })} avec le lien reçu par SMS ou e-mail, ou depuis « Suivre ma commande ». Sans paiement, la réservation est annulée.`;

let packInflight: Promise<Order | null> | null = null;

/** §7 `POST /api/commande-pack` with the attempt's key; a second tap while one is in flight gets the same answer. */
function orderPack(delivery: PackDelivery, { client = api }: Via = {}): Promise<Order | null> {
  const view = $packView.get();
  const mode = $paymentMode.get();
  if (view.status !== 'ready' || !mode) return Promise.resolve(null);
  packInflight ??= (async () => {
    $packOrder.set({ busy: true, failure: null });
    const fields = { ...orderFields(view.code, view.pack, mode), ...delivery };
    const attempt = packAttempts.for(fields, () => ({
      partner_id: $session.get()?.user_info.id,
      ...fields,
      commitment_date: new Date().toISOString(),
    }));
    try {
      const order = await postOrder('/api/commande-pack', attempt.body, attempt.key, client);
      packAttempts.done();
      // The order's details offer 'Payer en ligne' with the provider chosen here.
      if (order.payment_mode === 'online')
        rememberPayment(order.reference, order.amount_total, order.payment_token, $paymentProvider.get());
      trackPurchase(order);
      markOrderedHere();
      toastAfterNavigation(PACK_TEXT.created, { kind: 'success' });
      // Still busy: the page is about to leave for the order's details, where the toast shows.
      return order;
    } catch (err) {
      toast(PACK_TEXT.notValidated, { kind: 'error' });
      $packOrder.set({ busy: false, failure: failure(err, LOST) });
      // The server's §5 refusal of the address or phone shows beside that field too.
      const field = (err as { data?: { field?: unknown } }).data?.field;
      if (field === 'adresse' || field === 'telephone') $deliveryErrors.set({ [field]: failure(err, LOST) });
      return null;
    }
  })().finally(() => {
    packInflight = null;
  });
  return packInflight;
}

/** §5 booking rules (the server's own schema): the values, or the message of each wrong field. */
export function checkBooking(values: Record<string, unknown>): { data: BookingForm } | { errors: Record<string, string> } {
  const parsed = bookingFormSchema.safeParse(values);
  return parsed.success ? { data: parsed.data } : { errors: fieldErrors(parsed.error) };
}

// The API names the full name `name`; the form shows it as Nom.
const formField = (field: unknown) =>
  field === 'name' ? 'nom' : typeof field === 'string' && ['email', 'telephone', 'adresse'].includes(field) ? field : 'form';

let bookingInflight: Promise<Order | null> | null = null;
const bookingState = (over: Partial<BookingState>) => $booking.set({ ...$booking.get(), ...over });

/** 'Valider ma réservation': §7 `POST /api/commande-sans-partner`; on success the pack cart is emptied and shows the order's reference. */
export function submitBooking(values: Record<string, unknown>, { client = api }: Via = {}): Promise<Order | null> {
  if (bookingInflight) return bookingInflight;
  const view = $packView.get();
  const mode = $paymentMode.get();
  const checked = checkBooking(values);
  if ('errors' in checked) {
    bookingState({ errors: checked.errors, failed: false });
    return Promise.resolve(null);
  }
  if (view.status !== 'ready' || !mode) return Promise.resolve(null);
  const { prenom, nom, email, telephone, adresse } = checked.data;
  const content = {
    name: `${prenom} ${nom}`,
    email,
    telephone,
    adresse,
    order: { partner_id: null, ...orderFields(view.code, view.pack, mode) },
  };
  const attempt = bookingAttempts.for(content, () => ({
    ...content,
    order: { ...content.order, commitment_date: new Date().toISOString() },
  }));
  // The request's own rules (e.g. the full name's length) are checked before anything leaves.
  const [issue] = guestBookingSchema.safeParse(attempt.body).error?.issues ?? [];
  if (issue) {
    bookingState({ errors: { [formField(issue.path[0])]: issue.message }, failed: false });
    return Promise.resolve(null);
  }
  bookingInflight = (async () => {
    bookingState({ busy: true, errors: {}, failed: false });
    try {
      const order = await postOrder('/api/commande-sans-partner', attempt.body, attempt.key, client);
      bookingAttempts.done();
      trackPurchase(order);
      markOrderedHere();
      $booking.set(closedBooking);
      $paymentMode.set(null);
      $packView.set({ status: 'booked', reference: order.reference, payment_mode: order.payment_mode });
      // §4: the guest goes on to /boutique; the reference travels with them (and by SMS and e-mail), and where to pay online.
      toastAfterNavigation(PACK_TEXT.created, { kind: 'success' });
      toastAfterNavigation(bookedText(order.reference), { kind: 'info', duration: 15_000 });
      if (order.payment_mode === 'online') {
        // This browser may then pay from /payment-state or « Suivre ma commande » without the message's link.
        rememberPayment(order.reference, order.amount_total, order.payment_token, $paymentProvider.get());
        toastAfterNavigation(payLaterText, { kind: 'info', duration: 15_000 });
      }
      return order;
    } catch (err) {
      const field = formField((err as { data?: { field?: unknown } }).data?.field);
      toast(PACK_TEXT.notValidated, { kind: 'error' });
      bookingState({ busy: false, failed: true, errors: { [field]: failure(err, LOST) } });
      return null;
    }
  })().finally(() => {
    bookingInflight = null;
  });
  return bookingInflight;
}

/** The booking dialog closed (Escape, the close button); an order already sent still finishes. */
export function closeBooking(): void {
  $booking.set({ ...$booking.get(), open: false });
}
