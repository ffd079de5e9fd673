/** §6 credit members: the words and rules of a membership request without zod (states, brackets, documents, who may apply), so the profile's first view stays light. */
import { spaced } from './money.ts';

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

/** The French label of a bracket key (the key itself if unknown). */
export const incomeBracketLabel = (key: string): string => INCOME_BRACKETS.find((b) => b.key === key)?.label ?? key;

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

/** The profile's « Adhésion » line (§2 profile) for the account's `users.adhesion`. */
export function adhesionFact(adhesion: string | null | undefined): string {
  if (adhesion === 'accepted') return 'Adhésion acceptée : achat à crédit ouvert';
  if (adhesion === 'pending') return 'Demande d’adhésion en cours d’examen';
  if (adhesion === 'refused') return 'Demande d’adhésion refusée';
  return 'Pas d’adhésion au crédit';
}

/** §6: the reason a member reads when an admin refuses their adhesion from « Clients et adhérents » without giving one. */
export const DEFAULT_REFUSAL_REASON = 'La boutique ne peut pas ouvrir le crédit à votre compte pour le moment.';
