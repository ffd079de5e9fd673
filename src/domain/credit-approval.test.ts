import { describe, expect, it } from 'vitest';
import {
  approvalLines,
  approvalOutcome,
  approvalStanding,
  parentRefusalRefusal,
  parentRefusalSchema,
  shopApprovalNote,
  type Approvals,
  type ApprovalOutcome,
  type Approver,
} from './credit-approval.ts';
import type { OrderState } from './orders.ts';
import * as z from './zod.ts';

const AT = '2026-11-21T10:00:00.000Z';
const none: Approvals = { shop_approved_at: null, parent_approved_at: null, parent_refusal: null };
const shop: Approvals = { ...none, shop_approved_at: AT };
const parent: Approvals = { ...none, parent_approved_at: AT };
const both: Approvals = { ...none, shop_approved_at: AT, parent_approved_at: AT };
const refused: Approvals = { ...none, parent_refusal: 'Plafond de retenue atteint' };

describe('the two approvals of a credit order', () => {
  it.each<[string, OrderState, Approvals, Approver, ApprovalOutcome]>([
    ['the shop first: recorded, still waiting', 'sale', none, 'shop', { kind: 'recorded', confirms: false }],
    ['the parent first: recorded, still waiting', 'sale', none, 'parent', { kind: 'recorded', confirms: false }],
    ['the parent after the shop: confirms', 'sale', shop, 'parent', { kind: 'recorded', confirms: true }],
    ['the shop after the parent: confirms', 'sale', parent, 'shop', { kind: 'recorded', confirms: true }],
    ['the shop again: nothing changes', 'sale', shop, 'shop', { kind: 'already' }],
    ['the parent again once confirmed: nothing changes', 'confirmed', both, 'parent', { kind: 'already' }],
    [
      'after the parent refused',
      'cancel',
      refused,
      'shop',
      { kind: 'refused', message: 'Cette commande a été refusée par le compte parent : elle ne peut plus être validée.' },
    ],
    [
      'cancelled by its member',
      'cancel',
      none,
      'parent',
      { kind: 'refused', message: 'La commande est « Annulée » : elle ne peut plus être validée.' },
    ],
    [
      'already shipped without this approval',
      'shipped',
      shop,
      'parent',
      { kind: 'refused', message: 'Cette commande n’attend plus de validation.' },
    ],
  ])('%s', (_label, state, approvals, by, expected) => {
    expect(approvalOutcome(state, approvals, by)).toEqual(expected);
  });

  it.each<[string, OrderState, Approvals, string | null]>([
    ['waiting: the parent may refuse', 'sale', none, null],
    ['approved by the shop only: the parent may still refuse', 'sale', shop, null],
    ['approved by the parent', 'sale', parent, 'Vous avez déjà validé cette commande : elle ne peut plus être refusée.'],
    ['refused already', 'cancel', refused, 'Vous avez déjà refusé cette commande.'],
    ['cancelled by its member', 'cancel', none, 'Cette commande n’attend plus de validation.'],
  ])('parent refusal %s', (_label, state, approvals, expected) => {
    expect(parentRefusalRefusal(state, approvals)).toBe(expected);
  });

  it.each<[Approvals, ReturnType<typeof approvalStanding>, string[]]>([
    [none, 'waiting_both', ['En attente de la boutique', 'En attente de votre compte parent']],
    [shop, 'waiting_parent', ['Validée par la boutique le 21 novembre 2026', 'En attente de votre compte parent']],
    [parent, 'waiting_shop', ['En attente de la boutique', 'Validée par votre compte parent le 21 novembre 2026']],
    [both, 'approved', ['Validée par la boutique le 21 novembre 2026', 'Validée par votre compte parent le 21 novembre 2026']],
    [refused, 'refused', ['Refusée par votre compte parent : Plafond de retenue atteint']],
  ])('standing and wording of %j', (approvals, standing, lines) => {
    expect(approvalStanding(approvals)).toBe(standing);
    expect(approvalLines(approvals)).toEqual(lines);
  });

  it('tells the back office what « Confirmer » does', () => {
    expect(shopApprovalNote(none)).toMatch(/^En attente du compte parent/);
    expect(shopApprovalNote(shop)).toMatch(/En attente du compte parent/);
    expect(shopApprovalNote(both)).toBeNull();
  });

  it.each<[unknown, string | null]>([
    [{ reason: 'Plafond atteint' }, null],
    [{ reason: '  ' }, 'Indiquez la raison du refus (elle est transmise au membre).'],
    [{}, 'Indiquez la raison du refus (elle est transmise au membre).'],
    [{ reason: 'x'.repeat(301) }, 'La raison du refus tient en 300 caractères au plus.'],
  ])('a refusal reason %j', (body, message) => {
    const parsed = z.safeParse(parentRefusalSchema, body);
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe(message);
  });
});
