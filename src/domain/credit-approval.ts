/**
 * §6 credit orders: the two approvals. A credit order stays « Reçue » (`sale`) until both the shop and the member's parent
 * account approved it; the second approval, whichever it is, confirms it. A parent refusal (with its reason) cancels it
 * (`cancel_reason` 'parent') and gives its stock back. Approving twice changes nothing (the same answer again).
 */
import { formatDate } from './dates.ts';
import type { OrderState } from './orders.ts';
import * as z from './zod.ts';

/** Who approves a credit order: the shop (its admin's « Confirmer ») or the member's parent account. */
export type Approver = 'shop' | 'parent';

/** Where a credit order's approvals stand, as stored and answered (`credit` of an order). */
export interface Approvals {
  shop_approved_at: string | null;
  parent_approved_at: string | null;
  parent_refusal: string | null;
}

/** What an approval does to a credit order in `state`: refused (409, French), nothing (already given), recorded, or recorded and confirming it. */
export type ApprovalOutcome = { kind: 'refused'; message: string } | { kind: 'already' } | { kind: 'recorded'; confirms: boolean };

const approvedField = { shop: 'shop_approved_at', parent: 'parent_approved_at' } as const;
const other: Readonly<Record<Approver, Approver>> = { shop: 'parent', parent: 'shop' };

/** §6: what `by`'s approval does to a credit order in `state` with `approvals`. */
export function approvalOutcome(state: OrderState, approvals: Approvals, by: Approver): ApprovalOutcome {
  if (approvals[approvedField[by]] !== null) return { kind: 'already' };
  if (state === 'cancel')
    return {
      kind: 'refused',
      message:
        approvals.parent_refusal !== null
          ? 'Cette commande a été refusée par le compte parent : elle ne peut plus être validée.'
          : 'La commande est « Annulée » : elle ne peut plus être validée.',
    };
  if (state !== 'sale') return { kind: 'refused', message: 'Cette commande n’attend plus de validation.' };
  return { kind: 'recorded', confirms: approvals[approvedField[other[by]]] !== null };
}

/** §6: why the parent account may not refuse a credit order in `state`; null when it may (still « Reçue », not yet approved by it). */
export function parentRefusalRefusal(state: OrderState, approvals: Approvals): string | null {
  if (approvals.parent_refusal !== null) return 'Vous avez déjà refusé cette commande.';
  if (approvals.parent_approved_at !== null) return 'Vous avez déjà validé cette commande : elle ne peut plus être refusée.';
  if (state !== 'sale') return 'Cette commande n’attend plus de validation.';
  return null;
}

/** Longest reason a parent account gives for a refusal. */
export const REFUSAL_MAX = 300;
const REASON = 'Indiquez la raison du refus (elle est transmise au membre).';

/** Body of `POST /api/compte-parent/commandes/{id}/refuser`: the reason, required, shown to the member. */
export const parentRefusalSchema = z.strictObject({
  reason: z
    .string({ error: REASON })
    .check(z.trim(), z.minLength(3, REASON), z.maxLength(REFUSAL_MAX, `La raison du refus tient en ${REFUSAL_MAX} caractères au plus.`)),
});

/** Where a credit order's approvals stand, for the member, the parent account and the back office. */
export type ApprovalStanding = 'approved' | 'waiting_parent' | 'waiting_shop' | 'waiting_both' | 'refused';

/** §6: the standing of a credit order's approvals. */
export function approvalStanding(a: Approvals): ApprovalStanding {
  if (a.parent_refusal !== null) return 'refused';
  if (a.shop_approved_at && a.parent_approved_at) return 'approved';
  if (a.shop_approved_at) return 'waiting_parent';
  if (a.parent_approved_at) return 'waiting_shop';
  return 'waiting_both';
}

const day = (iso: string) => formatDate(iso);

/** §6: the sentences the member reads of the approvals ('Validée par la boutique le …', 'En attente de votre compte parent', …). */
export function approvalLines(a: Approvals): string[] {
  if (a.parent_refusal !== null) return [`Refusée par votre compte parent : ${a.parent_refusal}`];
  return [
    a.shop_approved_at ? `Validée par la boutique le ${day(a.shop_approved_at)}` : 'En attente de la boutique',
    a.parent_approved_at ? `Validée par votre compte parent le ${day(a.parent_approved_at)}` : 'En attente de votre compte parent',
  ];
}

/** §6: what the back office reads beside a credit order it confirmed or may confirm. */
export function shopApprovalNote(a: Approvals): string | null {
  switch (approvalStanding(a)) {
    case 'waiting_parent':
      return 'Validée par la boutique. En attente du compte parent : la commande sera confirmée dès sa validation.';
    case 'waiting_both':
      return 'En attente du compte parent. « Confirmer » enregistre la validation de la boutique ; la commande sera confirmée quand le compte parent l’aura validée aussi.';
    case 'waiting_shop':
      return 'Validée par le compte parent : « Confirmer » la confirme.';
    case 'refused':
      return `Refusée par le compte parent : ${a.parent_refusal}`;
    default:
      return null;
  }
}

/** §6: the payment line of a credit order, in place of 'A domicile · À payer à la livraison': 'Paiement en 6 mensualités'. */
export const creditPaymentText = (months: number): string => `Paiement en ${months} mensualités`;
