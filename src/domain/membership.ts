/** §6 credit members: the membership request made from the profile (§2), its states, fields, documents and who may send one. */
import { INT_MAX } from './bounds.ts';
import { spaced } from './numbers.ts';
import * as z from './zod.ts';

/** The states of a request: sent by the customer, then accepted or refused by the shop. */
export const MEMBERSHIP_STATES = ['sent', 'accepted', 'refused'] as const;
/** One state of a request. */
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];
/** The French word for each state (§6). */
export const MEMBERSHIP_STATE_LABELS: Record<MembershipState, string> = { sent: 'Envoyée', accepted: 'Acceptée', refused: 'Refusée' };

/** The monthly income brackets a request names (§6), in francs; the key is stored. */
export const INCOME_BRACKETS = [
  { key: 'lt150', label: 'Moins de 150 000 F' },
  { key: '150-300', label: '150 000 à 300 000 F' },
  { key: '300-600', label: '300 000 à 600 000 F' },
  { key: 'gt600', label: 'Plus de 600 000 F' },
] as const;
/** The key of one income bracket. */
export type IncomeBracket = (typeof INCOME_BRACKETS)[number]['key'];
const BRACKET_KEYS = INCOME_BRACKETS.map((b) => b.key) as [IncomeBracket, ...IncomeBracket[]];

/** The French label of a bracket key (the key itself if unknown). */
export const incomeBracketLabel = (key: string): string => INCOME_BRACKETS.find((b) => b.key === key)?.label ?? key;

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
/** The fields of a request once read. */
export type MembershipFields = z.infer<typeof membershipFieldsSchema>;

/** The documents a request carries, one of each required: an identity document and a proof of income. */
export const DOCUMENT_KINDS = ['identity', 'income'] as const;
/** One kind of document. */
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** What each document is, in French (form labels, back office links). */
export const DOCUMENT_LABELS: Record<DocumentKind, string> = { identity: 'Pièce d’identité', income: 'Justificatif de revenu' };

/** The types a document may be: a phone photo (JPEG, PNG, WebP) or a PDF, recognised by their first bytes. */
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/** One accepted type. */
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
/** Largest document before processing: a recent phone photo is 3 to 6 MB. */
export const MAX_DOCUMENT_BYTES = 8 * 1024 * 1024;
/** Largest request body: both documents at their largest and the fields. */
export const MAX_MEMBERSHIP_BODY_BYTES = 2 * MAX_DOCUMENT_BYTES + 256 * 1024;
/** The French 413 of a request body past `MAX_MEMBERSHIP_BODY_BYTES`. */
export const MEMBERSHIP_TOO_LARGE = `L’envoi dépasse ${spaced(MAX_DOCUMENT_BYTES / 1024 / 1024)} Mo par document : choisissez des photos plus légères.`;

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The type the first bytes of a file show (JPEG, PNG, WebP or PDF), else null; what the browser said is not trusted. */
export function sniffDocument(bytes: Uint8Array): DocumentType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

/** The French reason a document is refused (missing, empty, too large, not a photo or PDF), else null. */
export function documentProblem(kind: DocumentKind, file: { size: number; bytes?: Uint8Array } | null | undefined): string | null {
  const what = DOCUMENT_LABELS[kind].toLowerCase();
  if (!file || file.size === 0) return `Joignez votre ${what} (photo ou PDF).`;
  if (file.size > MAX_DOCUMENT_BYTES)
    return `Le fichier « ${DOCUMENT_LABELS[kind]} » dépasse ${spaced(MAX_DOCUMENT_BYTES / 1024 / 1024)} Mo.`;
  if (file.bytes && !sniffDocument(file.bytes)) return unreadableDocument(kind);
  return null;
}

/** The French reason a document is not a readable photo or PDF. */
export const unreadableDocument = (kind: DocumentKind): string =>
  `Le fichier « ${DOCUMENT_LABELS[kind]} » doit être une photo JPEG, PNG ou WebP, ou un PDF.`;

/** What the rule of who may apply reads: the account and its latest request. */
export interface Applicant {
  is_verified: boolean;
  adhesion: string | null;
  latest: MembershipState | null;
}

/** Why this customer may not send a request (French), else null: verified, not yet a member, nothing pending; a refused one may apply again. */
export function applyRefusal(a: Applicant): string | null {
  if (!a.is_verified) return 'Vérifiez votre compte avant de demander l’adhésion au crédit.';
  if (a.adhesion === 'accepted') return 'Votre adhésion au crédit est déjà acceptée.';
  if (a.latest === 'sent') return 'Votre demande d’adhésion est déjà en cours d’examen.';
  return null;
}

/** The value of `users.adhesion` a request's state gives: `pending` while sent, then `accepted` or `refused`. */
export const adhesionOf = (state: MembershipState): 'pending' | 'accepted' | 'refused' => (state === 'sent' ? 'pending' : state);

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
