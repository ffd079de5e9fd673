/** The order calls of spec §7 "Orders" in zod: request bodies (shared by forms and routes) and answers. */
import { phoneSchema } from './account.ts';
import { INT_MAX } from './bounds.ts';
import { cancelReasons, orderStates, paymentModes, paymentStatuses, saleTypes } from './orders.ts';
import { paymentProviders } from './payment-providers.ts';
import { PROVIDER_REFUSED } from './payment-state.ts';
import { householdCap } from './quantity.ts';
import * as z from './zod.ts';
import { unknownKeys } from './zod.ts';

const idOf = (label: string) => {
  const message = `Le champ « ${label} » doit être un identifiant (nombre entier positif).`;
  return z.number({ error: message }).check(z.int(message), z.positive(message), z.maximum(INT_MAX, message));
};
const QUANTITY = `La quantité doit être un nombre entier de 1 à ${householdCap}.`;
const OVER_CAP = `Une commande compte au plus ${householdCap} unités d’un même produit (limite par foyer).`;
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** Reads '' or spaces as null before `schema`, so an empty form field means "not given". */
const blankAsNull = <T extends z.ZodMiniType>(schema: T) => z.pipe(z.transform(emptyToNull), z.nullish(schema));
/** A text of `min` to `max` characters once trimmed, refused with `missing` when absent or shorter and `tooLong` when longer. */
const trimmed = (missing: string, min: number, max: number, tooLong: string) =>
  z.string({ error: missing }).check(z.trim(), z.minLength(min, missing), z.maxLength(max, tooLong));

/** §3 `order_lines`: product id, quantity from 1 to the household cap (quantity.ts), and the price the client saw (read, compared, never trusted). */
export const orderLineInputSchema = z.strictObject(
  {
    id: idOf('id'),
    quantity: z.number({ error: QUANTITY }).check(z.int(QUANTITY), z.minimum(1, QUANTITY), z.maximum(householdCap, OVER_CAP)),
    list_price: z.nullish(
      z
        .number({ error: 'Le prix indiqué doit être un nombre.' })
        .check(z.minimum(0, 'Le prix indiqué ne peut pas être négatif.'), z.maximum(1e12, 'Le prix indiqué est trop élevé.')),
    ),
  },
  unknownKeys,
);
export type OrderLineInput = z.infer<typeof orderLineInputSchema>;

const orderLines = z
  .array(orderLineInputSchema, { error: 'Le champ « order_lines » doit être une liste de lignes.' })
  .check(z.minLength(1, 'La commande est vide.'), z.maxLength(50, 'Une commande compte 50 lignes au plus.'));
const DATE = 'Le champ « commitment_date » doit être une date ISO 8601.';
const inRange = (v: string) => {
  const year = new Date(v).getUTCFullYear();
  return year >= 2000 && year <= 2100;
};
const commitmentDate = z.nullish(
  z.union([z.iso.datetime({ offset: true, local: true }), z.iso.date()], { error: DATE }).check(z.refine(inRange, DATE)),
);
const paymentMode = z.nullish(z.enum(paymentModes, { error: 'Le mode de paiement doit être « domicile » ou « online ».' }));
const saleState = z.nullish(z.literal('sale', { error: 'Une commande se crée à l’état « sale ».' }));
const packCode = z.nullish(
  z
    .string({ error: 'Le code du pack doit être un texte.' })
    .check(z.trim(), z.minLength(1), z.maxLength(64, 'Le code du pack est trop long.')),
);
const packType = z.literal('pack', { error: 'Le champ « type_order » doit valoir « pack ».' });
/** §5: the message of a missing address (booking form, checkout, pack cart, and the order routes). */
export const ADDRESS = "L'adresse est obligatoire.";
/** §5 booking rule for the address; also the delivery address of a logged-in order. */
export const addressSchema = trimmed(ADDRESS, 1, 300, 'L’adresse est trop longue (300 caractères au plus).');
const deliveryAddress = blankAsNull(addressSchema);
const deliveryPhone = blankAsNull(phoneSchema);

const MONTHS = 'Le nombre de mensualités doit être un nombre entier.';
const CREDIT_MONTHS = z.number({ error: MONTHS }).check(z.int(MONTHS), z.positive(MONTHS), z.maximum(120, MONTHS));

/** Body of `POST /api/commandes` (§3 order payload); a missing `adresse` or `telephone` is taken from the profile. */
export const orderInputSchema = z.strictObject(
  {
    partner_id: z.nullish(idOf('partner_id')),
    type_sale: z._default(z.enum(saleTypes, { error: 'Le champ « type_sale » doit valoir order, preorder ou creditorder.' }), 'order'),
    payment_mode: paymentMode,
    state: saleState,
    commitment_date: commitmentDate,
    order_lines: orderLines,
    adresse: deliveryAddress,
    telephone: deliveryPhone,
    type_order: z.nullish(packType),
    pack_code: packCode,
    /** A credit order's number of monthly instalments (§6), among the terms offered; the shortest when absent. */
    credit_months: z.nullish(CREDIT_MONTHS),
  },
  unknownKeys,
);

// A pack is always a cash order (§3), logged in or not.
const packFields = {
  type_sale: z._default(z.literal('order', { error: 'Un pack se commande avec type_sale « order ».' }), 'order'),
  payment_mode: paymentMode,
  state: saleState,
  type_order: z._default(packType, 'pack'),
  commitment_date: commitmentDate,
  order_lines: orderLines,
  pack_code: packCode,
};

/** Body of `POST /api/commande-pack` (§3 "Order payload, logged-in pack order"); `pack_code` names the pack, else its lines do. */
export const packOrderInputSchema = z.strictObject(
  {
    partner_id: z.nullish(idOf('partner_id')),
    ...packFields,
    adresse: deliveryAddress,
    telephone: deliveryPhone,
  },
  unknownKeys,
);

/** §3 "Guest pack order payload": no partner; payment online unless said otherwise. */
const guestOrderInputSchema = z.strictObject(
  {
    partner_id: z.optional(z.null({ error: 'Une réservation sans compte n’a pas de partner_id.' })),
    ...packFields,
  },
  unknownKeys,
);

const EMAIL_REQUIRED = "L'adresse email est obligatoire.";
const EMAIL_INVALID = "L'adresse email est invalide.";
/** §5 booking rule for the e-mail: required, one word shaped like an address. */
const bookingEmailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .check(
    z.trim(),
    z.minLength(1, EMAIL_REQUIRED),
    z.maxLength(200, EMAIL_INVALID),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, EMAIL_INVALID),
    z.toLowerCase(),
  );
const required = (message: string) => trimmed(message, 1, 100, 'Ce champ est trop long (100 caractères au plus).');

/** Body of `POST /api/commande-sans-partner`: the booking form's contact around the guest payload (§3, §5). */
export const guestBookingSchema = z.strictObject(
  {
    name: trimmed('Le nom est obligatoire.', 1, 200, 'Le nom est trop long (200 caractères au plus).'),
    email: bookingEmailSchema,
    telephone: phoneSchema,
    adresse: addressSchema,
    order: guestOrderInputSchema,
  },
  unknownKeys,
);

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
      reference: trimmed('La référence de commande est obligatoire.', 1, 40, 'La référence de commande est trop longue.'),
      telephone: blankAsNull(phoneSchema),
      email: blankAsNull(bookingEmailSchema),
    },
    unknownKeys,
  )
  .check(z.refine((v) => v.telephone != null || v.email != null, { message: CONTACT, path: ['telephone'] }));

/** Body of `PUT /api/commandes/{id}` (admins): the state to move to (along the §4 state machine) and/or the payment status (along the payment machine), with the reason some payment moves need. */
export const orderUpdateSchema = z
  .strictObject(
    {
      state: z.optional(z.enum(orderStates, { error: `Le champ « state » doit valoir ${orderStates.join(', ')}.` })),
      payment_status: z.optional(
        z.enum(paymentStatuses, { error: `Le champ « payment_status » doit valoir ${paymentStatuses.join(', ')}.` }),
      ),
      reason: z.optional(
        z
          .string({ error: 'La raison doit être un texte.' })
          .check(z.trim(), z.maxLength(500, 'La raison est trop longue (500 caractères au plus).')),
      ),
    },
    unknownKeys,
  )
  .check(
    z.refine(
      (v) => v.state !== undefined || v.payment_status !== undefined,
      'Indiquez le nouvel état (state) ou le statut du paiement (payment_status).',
    ),
  );

/** One line of an order as answered. */
const orderLineSchema = z.object({
  product_id: z.nullable(z.int()),
  name: z.string(),
  quantity: z.int(),
  price_unit: z.int(),
  price_subtotal: z.int(),
  image: z.nullable(z.string()),
});

const stamp = z.nullable(z.string());
/** One instalment of the order's schedule (src/domain/schedule.ts): a pre-order tranche (§4: 30 %, 30 %, 40 %) or a credit order's month. */
const trancheSchema = z.object({
  number: z.int(),
  /** The tranche's share; null for a credit instalment. */
  percent: z.nullable(z.int()),
  amount: z.int(),
  state: z.enum(['due', 'paid']),
  /** `YYYY-MM-DD`; null for a pre-order's last tranche (at delivery). Absent from a back end without schedules. */
  due_on: z._default(z.nullable(z.string()), null),
  paid_at: z._default(stamp, null),
  paid_via: z._default(z.nullable(z.enum(['wave', 'orange', 'cash', 'payroll'])), null),
});

/** An order as the order calls answer it. */
export const orderSchema = z.object({
  id: z.int(),
  reference: z.string(),
  partner_id: z.nullable(z.int()),
  type_sale: z.enum(saleTypes),
  type_order: z.nullable(z.enum(['pack'])),
  payment_mode: z.enum(paymentModes),
  payment_status: z.enum(paymentStatuses),
  state: z.enum(orderStates),
  amount_total: z.int(),
  /** The welcome offer taken off the lines (src/domain/welcome.ts); `amount_total` is already reduced. Absent from a back end without it. */
  welcome_reduction: z._default(z.int(), 0),
  commitment_date: z.string(),
  date_order: z.string(),
  dates: z.object({ confirmed: stamp, shipped: stamp, delivered: stamp, cancelled: stamp }),
  /** When its stock is given back unless it is paid or confirmed first (src/domain/holds.ts); absent from a back end without holds. */
  hold_until: z._default(stamp, null),
  /** Who or what cancelled it. */
  cancel_reason: z._default(z.nullable(z.enum(cancelReasons)), null),
  /** Lets its bearer pay it online without an account: answered only to whoever placed it or proved it is theirs. */
  payment_token: z.optional(z.string()),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  telephone: z.nullable(z.string()),
  adresse: z.nullable(z.string()),
  order_lines: z.array(orderLineSchema),
  tranches: z.array(trancheSchema),
  /** A credit order (§6): its number of monthly instalments, and where its approvals stand. Absent from a back end without credit. */
  credit: z._default(
    z.nullable(
      z.object({
        months: z.int(),
        shop_approved_at: stamp,
        parent_approved_at: stamp,
        parent_refusal: z.nullable(z.string()),
      }),
    ),
    null,
  ),
});
export type Order = z.infer<typeof orderSchema>;

/** What `POST /api/tracking` shows: the order without who placed it or where it goes. */
export const trackedOrderSchema = z.omit(orderSchema, {
  id: true,
  partner_id: true,
  name: true,
  email: true,
  telephone: true,
  adresse: true,
});
export type TrackedOrder = z.infer<typeof trackedOrderSchema>;

/** Answer of `GET /api/paiement/{reference}`: in payment-state.ts (zod/mini, read by the payment screen on arrival). */
export type { PaymentState } from './payment-state.ts';

/** §8: the message when no payment mode is chosen (pack cart, checkout). */
export const PAYMENT_MODE_REQUIRED = 'Veuillez choisir un mode de paiement';

/** The delivery fields of a logged-in pack order (§5 address and phone rules). */
export const deliveryFormSchema = z.object({ adresse: addressSchema, telephone: phoneSchema });

/** The checkout form: delivery address and phone, and how the shopper pays. */
export const checkoutFormSchema = z.object({
  adresse: addressSchema,
  telephone: phoneSchema,
  payment_mode: z.enum(paymentModes, { error: PAYMENT_MODE_REQUIRED }),
  /** Who is paid 'En ligne' (Wave when none is picked); the server judges it again when the payment starts. */
  payment_provider: z.optional(z.enum(paymentProviders, { error: PROVIDER_REFUSED })),
  /** A credit order's number of monthly instalments (§6), the API's `credit_months`; the server judges it against its terms. */
  credit_months: z.optional(CREDIT_MONTHS),
});
export type CheckoutForm = z.infer<typeof checkoutFormSchema>;

/** Answer of `POST /api/paiement/{reference}/session`: the provider's page where the shopper pays. */
export const checkoutAnswerSchema = z.object({ url: z.string().check(z.minLength(1)) });

/** One online payment attempt of an order, as the back office sees it (`GET /api/admin/commandes/{id}/paiements`). */
export const paymentSessionSchema = z.object({
  id: z.int(),
  provider: z.enum(['wave', 'demo', 'orange', 'demo-orange']),
  provider_id: z.nullable(z.string()),
  amount: z.int(),
  currency: z.string(),
  status: z.enum(['creating', 'open', 'paid', 'failed', 'expired']),
  transaction_id: z.nullable(z.string()),
  /** Paid while the order was already paid (or cancelled): the money must go back to the shopper. */
  refund_due: z.boolean(),
  created_at: z.string(),
});
export type PaymentSession = z.infer<typeof paymentSessionSchema>;
