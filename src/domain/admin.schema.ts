/** The back office's own calls (admins only): order list filters, tranche and member updates, dashboard and audit answers. */
import { INT_MAX, MAX_PAGE } from './bounds.ts';
import { wholeNumber } from './numbers.ts';
import { orderSchema } from './orders.schema.ts';
import { orderStates, paymentModes, paymentStatuses } from './orders.ts';
import { z } from './zod.ts';

/** What the order list can be narrowed to: a sale type, or packs. */
export const orderKinds = ['order', 'preorder', 'creditorder', 'pack'] as const;
export type OrderKind = (typeof orderKinds)[number];

const DAY = 'Une date AAAA-MM-JJ est attendue.';
/** Query of `GET /api/admin/commandes`: state, kind, payment, dates (Dakar days, inclusive), a search, and the page. */
export const adminOrderQuerySchema = z.object({
  state: z.enum(orderStates, { error: `L’état doit valoir ${orderStates.join(', ')}.` }).optional(),
  type: z.enum(orderKinds, { error: `Le type doit valoir ${orderKinds.join(', ')}.` }).optional(),
  payment_mode: z.enum(paymentModes, { error: 'Le mode de paiement doit valoir domicile ou online.' }).optional(),
  payment_status: z.enum(paymentStatuses, { error: `Le statut du paiement doit valoir ${paymentStatuses.join(', ')}.` }).optional(),
  from: z.iso.date({ error: DAY }).optional(),
  to: z.iso.date({ error: DAY }).optional(),
  q: z.string().trim().max(100, 'La recherche est trop longue (100 caractères au plus).').optional(),
  page: wholeNumber('Le paramètre « page »', 1, MAX_PAGE, { coerce: true }).default(1),
  limit: wholeNumber('Le paramètre « limit »', 1, 100, { coerce: true }).default(20),
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

/** Answer of `GET /api/admin/commandes`. */
export const adminOrderListSchema = z.object({ orders: z.array(orderSchema), total: z.number().int().nonnegative() });

/** Body of `PUT /api/admin/commandes/{id}/tranches/{number}`. */
export const trancheInputSchema = z.strictObject({
  state: z.enum(['due', 'paid'], { error: 'L’état de la tranche doit valoir due ou paid.' }),
});

/** Body of `PUT /api/admin/users/{id}`: the adhesion (what opens credit orders) and the parent account. */
export const memberInputSchema = z
  .strictObject({
    adhesion: z
      .enum(['accepted', 'refused', 'pending'], { error: 'L’adhésion doit valoir accepted, refused ou pending.' })
      .nullable()
      .optional(),
    parent_id: wholeNumber('L’identifiant du compte parent', 1, INT_MAX).nullable().optional(),
  })
  .refine((v) => v.adhesion !== undefined || v.parent_id !== undefined, 'Indiquez l’adhésion ou le compte parent à modifier.');

/** One day of the dashboard's chart. */
const dayFiguresSchema = z.object({ date: z.string(), orders: z.number().int(), revenue: z.number().int() });

/** Answer of `GET /api/admin/tableau-de-bord` (revenue: orders not cancelled, FCFA). */
export const dashboardSchema = z.object({
  today: z.object({ orders: z.number().int(), revenue: z.number().int() }),
  week: z.object({ orders: z.number().int(), revenue: z.number().int() }),
  waiting: z.number().int(),
  out_of_stock: z.number().int(),
  low_stock: z.number().int(),
  days: z.array(dayFiguresSchema),
  /** Orders holding stock until paid or confirmed, and the units they hold. */
  held: z.object({ orders: z.number().int(), units: z.number().int() }),
  /** Cancelled orders whose money is owed back. */
  refunds_due: z.number().int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** One audit entry as the back office shows it. */
export const auditEntrySchema = z.object({
  at: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
});

/** Query of `GET /api/admin/crm`: the kind of collection, and the page. */
export const crmQuerySchema = z.object({
  type: z.enum(['commande', 'precommande', 'acredit'], { error: 'Le type doit valoir commande, precommande ou acredit.' }).optional(),
  page: wholeNumber('Le paramètre « page »', 1, MAX_PAGE, { coerce: true }).default(1),
  limit: wholeNumber('Le paramètre « limit »', 1, 100, { coerce: true }).default(20),
});

/** A CRM record as the back office shows it (§3 "CRM record"; prices are the server's). */
export const crmRecordViewSchema = z.object({
  id: z.number().int(),
  guest_id: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  type: z.enum(['commande', 'precommande', 'acredit']),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  localisation: z.string(),
  total: z.number().int(),
  produits: z.array(z.object({ id: z.number().int(), nom: z.string(), quantité: z.number().int(), prix: z.number().int() }).loose()),
  updated_at: z.string(),
});
export type CrmRecordView = z.infer<typeof crmRecordViewSchema>;

/** Answer of `GET /api/admin/crm` and `/api/admin/crm/abandonnes`. */
export const crmListSchema = z.object({ records: z.array(crmRecordViewSchema), total: z.number().int().nonnegative() });

/** Answer of `GET /api/admin/recherches`: this week's most searched terms, and those that find no product. */
export const searchStatsSchema = z.object({
  top: z.array(z.object({ terme: z.string(), count: z.number().int() })),
  none: z.array(z.object({ terme: z.string(), count: z.number().int() })),
});
export type SearchStats = z.infer<typeof searchStatsSchema>;
