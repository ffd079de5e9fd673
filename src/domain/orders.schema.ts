/** The order calls of spec §7 "Orders" in zod: request bodies (shared by forms and routes) and answers. */
import { phoneSchema } from './account.ts';
import { INT_MAX } from './bounds.ts';
import { cancelReasons, orderStates, paymentModes, paymentStatuses, saleTypes } from './orders.ts';
import { householdCap } from './quantity.ts';
import { z } from './zod.ts';

const unknownKeys = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Champ inconnu : ${issue.keys?.join(', ')}.` : undefined,
};
const idOf = (label: string) => {
  const message = `Le champ « ${label} » doit être un identifiant (nombre entier positif).`;
  return z.number({ error: message }).int(message).positive(message).max(INT_MAX, message);
};
const QUANTITY = `La quantité doit être un nombre entier de 1 à ${householdCap}.`;
const OVER_CAP = `Une commande compte au plus ${householdCap} unités d’un même produit (limite par foyer).`;
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** §3 `order_lines`: product id, quantity from 1 to the household cap (quantity.ts), and the price the client saw (read, compared, never trusted). */
export const orderLineInputSchema = z.strictObject(
  {
    id: idOf('id'),
    quantity: z.number({ error: QUANTITY }).int(QUANTITY).min(1, QUANTITY).max(householdCap, OVER_CAP),
    list_price: z
      .number({ error: 'Le prix indiqué doit être un nombre.' })
      .min(0, 'Le prix indiqué ne peut pas être négatif.')
      .max(1e12, 'Le prix indiqué est trop élevé.')
      .nullish(),
  },
  unknownKeys,
);
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

const orderLines = z
  .array(orderLineInputSchema, { error: 'Le champ « order_lines » doit être une liste de lignes.' })
  .min(1, 'La commande est vide.')
  .max(50, 'Une commande compte 50 lignes au plus.');
const DATE = 'Le champ « commitment_date » doit être une date ISO 8601.';
const inRange = (v: string) => {
  const year = new Date(v).getUTCFullYear();
  return year >= 2000 && year <= 2100;
};
const commitmentDate = z
  .union([z.iso.datetime({ offset: true, local: true }), z.iso.date()], { error: DATE })
  .refine(inRange, DATE)
  .nullish();
const paymentMode = z.enum(paymentModes, { error: 'Le mode de paiement doit être « domicile » ou « online ».' }).nullish();
const saleState = z.literal('sale', { error: 'Une commande se crée à l’état « sale ».' }).nullish();
const packCode = z
  .string({ error: 'Le code du pack doit être un texte.' })
  .trim()
  .min(1)
  .max(64, 'Le code du pack est trop long.')
  .nullish();
const packType = z.literal('pack', { error: 'Le champ « type_order » doit valoir « pack ».' });
const ADDRESS = "L'adresse est obligatoire.";
/** §5 booking rule for the address; also the delivery address of a logged-in order. */
const addressSchema = z.string({ error: ADDRESS }).trim().min(1, ADDRESS).max(300, 'L’adresse est trop longue (300 caractères au plus).');
const deliveryAddress = z.preprocess(emptyToNull, addressSchema.nullish());
const deliveryPhone = z.preprocess(emptyToNull, phoneSchema.nullish());

/** Body of `POST /api/commandes` (§3 order payload); a missing `adresse` or `telephone` is taken from the profile. */
export const orderInputSchema = z.strictObject(
  {
    partner_id: idOf('partner_id').nullish(),
    type_sale: z.enum(saleTypes, { error: 'Le champ « type_sale » doit valoir order, preorder ou creditorder.' }).default('order'),
    payment_mode: paymentMode,
    state: saleState,
    commitment_date: commitmentDate,
    order_lines: orderLines,
    adresse: deliveryAddress,
    telephone: deliveryPhone,
    type_order: packType.nullish(),
    pack_code: packCode,
  },
  unknownKeys,
);
export type OrderInput = z.infer<typeof orderInputSchema>;

// A pack is always a cash order (§3), logged in or not.
const packFields = {
  type_sale: z.literal('order', { error: 'Un pack se commande avec type_sale « order ».' }).default('order'),
  payment_mode: paymentMode,
  state: saleState,
  type_order: packType.default('pack'),
  commitment_date: commitmentDate,
  order_lines: orderLines,
  pack_code: packCode,
};

/** Body of `POST /api/commande-pack` (§3 "Order payload, logged-in pack order"); `pack_code` names the pack, else its lines do. */
export const packOrderInputSchema = z.strictObject(
  {
    partner_id: idOf('partner_id').nullish(),
    ...packFields,
    adresse: deliveryAddress,
    telephone: deliveryPhone,
  },
  unknownKeys,
);

/** §3 "Guest pack order payload": no partner; payment online unless said otherwise. */
const guestOrderInputSchema = z.strictObject(
  {
    partner_id: z.null({ error: 'Une réservation sans compte n’a pas de partner_id.' }).optional(),
    ...packFields,
  },
  unknownKeys,
);

const EMAIL_REQUIRED = "L'adresse email est obligatoire.";
const EMAIL_INVALID = "L'adresse email est invalide.";
/** §5 booking rule for the e-mail: required, one word shaped like an address. */
const bookingEmailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(200, EMAIL_INVALID)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, EMAIL_INVALID)
  .transform((v) => v.toLowerCase());
const required = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, 'Ce champ est trop long (100 caractères au plus).');

/** Body of `POST /api/commande-sans-partner`: the booking form's contact around the guest payload (§3, §5). */
export const guestBookingSchema = z.strictObject(
  {
    name: z
      .string({ error: 'Le nom est obligatoire.' })
      .trim()
      .min(1, 'Le nom est obligatoire.')
      .max(200, 'Le nom est trop long (200 caractères au plus).'),
    email: bookingEmailSchema,
    telephone: phoneSchema,
    adresse: addressSchema,
    order: guestOrderInputSchema,
  },
  unknownKeys,
);
export type GuestBooking = z.infer<typeof guestBookingSchema>;

/** §2 "Guest booking modal": Prénom, Nom, Email, Téléphone, Adresse, with the §5 messages. */
export const bookingFormSchema = z.object({
  prenom: required('Le prénom est obligatoire.'),
  nom: required('Le nom est obligatoire.'),
  email: bookingEmailSchema,
  telephone: phoneSchema,
  adresse: addressSchema,
});
export type BookingForm = z.infer<typeof bookingFormSchema>;

/** Body of `POST /api/commandes/details`. */
export const orderDetailsInputSchema = z.strictObject({ commande_id: idOf('commande_id'), partner_id: idOf('partner_id') }, unknownKeys);

const CONTACT = 'Indiquez le téléphone ou l’adresse e-mail donnés à la commande.';
/** Body of `POST /api/tracking`: the reference and the phone or e-mail given with the order. */
export const trackingInputSchema = z
  .strictObject(
    {
      reference: z
        .string({ error: 'La référence de commande est obligatoire.' })
        .trim()
        .min(1, 'La référence de commande est obligatoire.')
        .max(40, 'La référence de commande est trop longue.'),
      telephone: z.preprocess(emptyToNull, phoneSchema.nullish()),
      email: z.preprocess(emptyToNull, bookingEmailSchema.nullish()),
    },
    unknownKeys,
  )
  .refine((v) => v.telephone != null || v.email != null, { message: CONTACT, path: ['telephone'] });
export type TrackingInput = z.infer<typeof trackingInputSchema>;

/** Body of `PUT /api/commandes/{id}` (admins): the state to move to (along the §4 state machine) and/or the payment status (along the payment machine), with the reason some payment moves need. */
export const orderUpdateSchema = z
  .strictObject(
    {
      state: z.enum(orderStates, { error: `Le champ « state » doit valoir ${orderStates.join(', ')}.` }).optional(),
      payment_status: z
        .enum(paymentStatuses, { error: `Le champ « payment_status » doit valoir ${paymentStatuses.join(', ')}.` })
        .optional(),
      reason: z
        .string({ error: 'La raison doit être un texte.' })
        .trim()
        .max(500, 'La raison est trop longue (500 caractères au plus).')
        .optional(),
    },
    unknownKeys,
  )
  .refine(
    (v) => v.state !== undefined || v.payment_status !== undefined,
    'Indiquez le nouvel état (state) ou le statut du paiement (payment_status).',
  );

/** One line of an order as answered. */
const orderLineSchema = z.object({
  product_id: z.number().int().nullable(),
  name: z.string(),
  quantity: z.number().int(),
  price_unit: z.number().int(),
  price_subtotal: z.number().int(),
  image: z.string().nullable(),
});

/** One pre-order tranche (§4: 30 %, 30 %, 40 %). */
const trancheSchema = z.object({
  number: z.number().int(),
  percent: z.number().int(),
  amount: z.number().int(),
  state: z.enum(['due', 'paid']),
});

const stamp = z.string().nullable();
/** An order as the order calls answer it. */
export const orderSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  partner_id: z.number().int().nullable(),
  type_sale: z.enum(saleTypes),
  type_order: z.enum(['pack']).nullable(),
  payment_mode: z.enum(paymentModes),
  payment_status: z.enum(paymentStatuses),
  state: z.enum(orderStates),
  amount_total: z.number().int(),
  commitment_date: z.string(),
  date_order: z.string(),
  dates: z.object({ confirmed: stamp, shipped: stamp, delivered: stamp, cancelled: stamp }),
  /** When its stock is given back unless it is paid or confirmed first (src/domain/holds.ts); absent from a back end without holds. */
  hold_until: stamp.default(null),
  /** Who or what cancelled it. */
  cancel_reason: z.enum(cancelReasons).nullable().default(null),
  /** Lets its bearer pay it online without an account: answered only to whoever placed it or proved it is theirs. */
  payment_token: z.string().optional(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  telephone: z.string().nullable(),
  adresse: z.string().nullable(),
  order_lines: z.array(orderLineSchema),
  tranches: z.array(trancheSchema),
});
export type Order = z.infer<typeof orderSchema>;

/** What `POST /api/tracking` shows: the order without who placed it or where it goes. */
export const trackedOrderSchema = orderSchema.omit({ id: true, partner_id: true, name: true, email: true, telephone: true, adresse: true });
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

/** Answer of `GET /api/paiement/{reference}`: in payment-state.ts (zod/mini, read by the payment screen on arrival). */
export type { PaymentState } from './payment-state.ts';

/** §8: the message when no payment mode is chosen (pack cart, checkout). */
export const PAYMENT_MODE_REQUIRED = 'Veuillez choisir un mode de paiement';

/** The checkout form: delivery address and phone, and how the shopper pays. */
export const checkoutFormSchema = z.object({
  adresse: addressSchema,
  telephone: phoneSchema,
  payment_mode: z.enum(paymentModes, { error: PAYMENT_MODE_REQUIRED }),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/** Answer of `POST /api/paiement/{reference}/session`: the provider's page where the shopper pays. */
export const checkoutAnswerSchema = z.object({ url: z.string().min(1) });

/** One online payment attempt of an order, as the back office sees it (`GET /api/admin/commandes/{id}/paiements`). */
export const paymentSessionSchema = z.object({
  id: z.number().int(),
  provider: z.enum(['wave', 'demo']),
  provider_id: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['creating', 'open', 'paid', 'failed', 'expired']),
  transaction_id: z.string().nullable(),
  /** Paid while the order was already paid (or cancelled): the money must go back to the shopper. */
  refund_due: z.boolean(),
  created_at: z.string(),
});
export type PaymentSession = z.infer<typeof paymentSessionSchema>;
