/** §6 credit members: the schemas of a membership request (§2 profile, §7 bodies and answers); its words and rules are in membership-text.ts. */
import { INT_MAX } from './bounds.ts';
import { DOCUMENT_KINDS, INCOME_BRACKETS, type IncomeBracket, MEMBERSHIP_STATES } from './membership-text.ts';
import * as z from './zod.ts';

export * from './membership-text.ts';

const BRACKET_KEYS = INCOME_BRACKETS.map((b) => b.key) as [IncomeBracket, ...IncomeBracket[]];
const EMPLOYER = 'Indiquez votre employeur ou votre organisation.';
const PARENT = 'Choisissez le compte parent (votre employeur, mutuelle ou association).';

/** The fields of `POST /api/adhesion` (multipart text fields, so the parent id arrives as text): employer, income bracket, parent account. */
export const membershipFieldsSchema = z.object({
  employer: z
    .string({ error: EMPLOYER })
    .check(z.trim(), z.minLength(2, EMPLOYER), z.maxLength(120, 'Le nom de l’employeur est trop long (120 caractères au plus).')),
  income_bracket: z.enum(BRACKET_KEYS, { error: 'Choisissez votre tranche de revenu mensuel.' }),
  parent_id: z.coerce.number({ error: PARENT }).check(z.int(PARENT), z.minimum(1, PARENT), z.maximum(INT_MAX, PARENT)),
});

const REASON = 'Indiquez le motif du refus.';
/** Body of `POST /api/admin/adhesions/{id}/refuser`: the reason, shown to the applicant. */
export const refuseSchema = z.strictObject(
  {
    reason: z
      .string({ error: REASON })
      .check(z.trim(), z.minLength(3, REASON), z.maxLength(500, 'Le motif est trop long (500 caractères au plus).')),
  },
  z.unknownKeys,
);

/** Body of `POST /api/admin/adhesions/{id}/accepter`: the parent account to attach (the one the applicant named when absent). */
export const acceptSchema = z.strictObject(
  { parent_id: z.optional(z.number({ error: PARENT }).check(z.int(PARENT), z.minimum(1, PARENT), z.maximum(INT_MAX, PARENT))) },
  z.unknownKeys,
);

/** A document as the API describes it (never its bytes). */
export const membershipDocumentSchema = z.object({ id: z.int(), kind: z.enum(DOCUMENT_KINDS), mime: z.string(), file_name: z.string() });

/** A request as `GET /api/adhesion` answers it (the applicant's own), and as the back office's queue lists it with `applicant`. */
export const membershipSchema = z.object({
  id: z.int(),
  state: z.enum(MEMBERSHIP_STATES),
  employer: z.string(),
  income_bracket: z.string(),
  parent: z.nullable(z.object({ id: z.int(), organisation: z.string() })),
  reason: z.nullable(z.string()),
  created_at: z.string(),
  decided_at: z.nullable(z.string()),
  documents: z.array(membershipDocumentSchema),
});
/** One request. */
export type Membership = z.infer<typeof membershipSchema>;

/** A request in the back office's queue: with who sent it. */
export const adminMembershipSchema = z.extend(membershipSchema, {
  applicant: z.object({ id: z.int(), name: z.string(), email: z.nullable(z.string()), partner_phone: z.nullable(z.string()) }),
});
/** A request as the back office sees it. */
export type AdminMembership = z.infer<typeof adminMembershipSchema>;

/** A parent account a customer may name: its id and organisation's public name, nothing else. */
export const organisationSchema = z.object({ id: z.int(), organisation: z.string() });

/** Query of `GET /api/admin/adhesions`: the state (sent by default) and the page, oldest first so the queue is served in order. */
export const adminMembershipQuerySchema = z.object({
  state: z._default(z.enum(MEMBERSHIP_STATES, { error: 'État inconnu (sent, accepted ou refused).' }), 'sent'),
  page: z._default(
    z.coerce
      .number()
      .check(z.int('La page doit être un nombre entier.'), z.minimum(1, 'La page commence à 1.'), z.maximum(100_000, 'Page trop grande.')),
    1,
  ),
  limit: z._default(
    z.coerce
      .number()
      .check(
        z.int('La limite doit être un nombre entier.'),
        z.minimum(1, 'La limite va de 1 à 100.'),
        z.maximum(100, 'La limite va de 1 à 100.'),
      ),
    20,
  ),
});
