/** The back office's own calls (admins only): order list filters, tranche and member updates, dashboard and audit answers. */
import { INT_MAX, MAX_PAGE } from './bounds.ts';
import { wholeNumber } from './numbers.ts';
import { orderSchema } from './orders.schema.ts';
import { adminVias } from './instalment-payments.ts';
import { orderStates, paymentModes, paymentStatuses } from './orders.ts';
import * as z from './zod.ts';

/** What the order list can be narrowed to: a sale type, or packs. */
export const orderKinds = ['order', 'preorder', 'creditorder', 'pack'] as const;

const DAY = 'Une date AAAA-MM-JJ est attendue.';
const count = z.int().check(z.nonnegative());
/** The page and page size of a back-office list query. */
const pageQuery = {
  page: z._default(wholeNumber('Le paramètre « page »', 1, MAX_PAGE, { coerce: true }), 1),
  limit: z._default(wholeNumber('Le paramètre « limit »', 1, 100, { coerce: true }), 20),
};
/** Query of `GET /api/admin/commandes`: state, kind, payment, dates (Dakar days, inclusive), a search, and the page. */
export const adminOrderQuerySchema = z.object({
  state: z.optional(z.enum(orderStates, { error: `L’état doit valoir ${orderStates.join(', ')}.` })),
  type: z.optional(z.enum(orderKinds, { error: `Le type doit valoir ${orderKinds.join(', ')}.` })),
  payment_mode: z.optional(z.enum(paymentModes, { error: 'Le mode de paiement doit valoir domicile ou online.' })),
  payment_status: z.optional(z.enum(paymentStatuses, { error: `Le statut du paiement doit valoir ${paymentStatuses.join(', ')}.` })),
  from: z.optional(z.iso.date({ error: DAY })),
  to: z.optional(z.iso.date({ error: DAY })),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'La recherche est trop longue (100 caractères au plus).'))),
  ...pageQuery,
});
export type AdminOrderQuery = z.infer<typeof adminOrderQuerySchema>;

/** Query of `GET /api/users` (§7, admins): a page of accounts, searched by name, phone or e-mail; `parents=true` keeps parent accounts (§6). */
export const adminUserQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'La recherche est trop longue (100 caractères au plus).'))),
  parents: z.optional(z.enum(['true'], { error: 'Le paramètre « parents » doit valoir true.' })),
  ...pageQuery,
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

/** Answer of `GET /api/admin/commandes`: `capped` when more match than the server counts (`total` is then that cap, §7). */
export const adminOrderListSchema = z.object({ orders: z.array(orderSchema), total: count, capped: z._default(z.boolean(), false) });

/** Body of `PUT /api/admin/commandes/{id}/tranches/{number}` (§6): paid (in cash by default, or by payroll deduction), or due again to undo a mistake. */
export const trancheInputSchema = z.strictObject({
  state: z.enum(['due', 'paid'], { error: 'L’état de la tranche doit valoir due ou paid.' }),
  via: z.optional(z.enum(adminVias, { error: 'Le moyen de paiement doit valoir cash (espèces) ou payroll (prélèvement sur salaire).' })),
});

/** Body of `PUT /api/admin/users/{id}` (§6): the adhesion (what opens credit orders), the parent account, and a refusal's reason. */
export const memberInputSchema = z
  .strictObject({
    adhesion: z.optional(
      z.nullable(z.enum(['accepted', 'refused', 'pending'], { error: 'L’adhésion doit valoir accepted, refused ou pending.' })),
    ),
    parent_id: z.optional(z.nullable(wholeNumber('L’identifiant du compte parent', 1, INT_MAX))),
    /** The reason of a refusal, shown to the member (a default one when absent). */
    reason: z.optional(
      z
        .string({ error: 'Indiquez le motif du refus.' })
        .check(
          z.trim(),
          z.minLength(3, 'Indiquez le motif du refus.'),
          z.maxLength(500, 'Le motif est trop long (500 caractères au plus).'),
        ),
    ),
  })
  .check(z.refine((v) => v.adhesion !== undefined || v.parent_id !== undefined, 'Indiquez l’adhésion ou le compte parent à modifier.'));

/** Orders and revenue over a period. */
const figuresSchema = z.object({ orders: z.int(), revenue: z.int() });
/** One day of the dashboard's chart. */
const dayFiguresSchema = z.extend(figuresSchema, { date: z.string() });

/** Answer of `GET /api/admin/tableau-de-bord` (revenue: orders not cancelled, FCFA). */
export const dashboardSchema = z.object({
  today: figuresSchema,
  week: figuresSchema,
  waiting: z.int(),
  out_of_stock: z.int(),
  low_stock: z.int(),
  days: z.array(dayFiguresSchema),
  /** Orders holding stock until paid or confirmed, and the units they hold. */
  held: z.object({ orders: z.int(), units: z.int() }),
  /** Cancelled orders whose money is owed back. */
  refunds_due: z.int(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** Who did something, as the back office names them. */
const whoSchema = z.nullable(z.object({ id: z.int(), name: z.string() }));

/** One audit entry as the back office shows it. */
export const auditEntrySchema = z.object({
  at: z.string(),
  user: whoSchema,
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
});

/** Query of `GET /api/admin/crm`: the kind of collection, and the page. */
export const crmQuerySchema = z.object({
  type: z.optional(z.enum(['commande', 'precommande', 'acredit'], { error: 'Le type doit valoir commande, precommande ou acredit.' })),
  ...pageQuery,
});

/** A CRM record as the back office shows it (§3 "CRM record"; prices are the server's). */
const crmRecordViewSchema = z.object({
  id: z.int(),
  guest_id: z.string(),
  user: whoSchema,
  type: z.enum(['commande', 'precommande', 'acredit']),
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  localisation: z.string(),
  total: z.int(),
  produits: z.array(z.looseObject({ id: z.int(), nom: z.string(), quantité: z.int(), prix: z.int() })),
  updated_at: z.string(),
});
export type CrmRecordView = z.infer<typeof crmRecordViewSchema>;

/** Answer of `GET /api/admin/crm` and `/api/admin/crm/abandonnes`. */
export const crmListSchema = z.object({ records: z.array(crmRecordViewSchema), total: count, capped: z._default(z.boolean(), false) });

/** A search term and how often it was searched. */
const termCountSchema = z.object({ terme: z.string(), count: z.int() });
/** Answer of `GET /api/admin/recherches`: this week's most searched terms, and those that find no product. */
export const searchStatsSchema = z.object({ top: z.array(termCountSchema), none: z.array(termCountSchema) });
export type SearchStats = z.infer<typeof searchStatsSchema>;
