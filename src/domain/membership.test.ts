import { describe, expect, it } from 'vitest';
import {
  adhesionFact,
  adhesionOf,
  applyRefusal,
  documentProblem,
  incomeBracketLabel,
  MAX_DOCUMENT_BYTES,
  MEMBERSHIP_STATE_LABELS,
  membershipFieldsSchema,
  refuseSchema,
  sniffDocument,
} from './membership.ts';
import * as z from './zod.ts';

const bytes = (...xs: Array<number | string>) =>
  new Uint8Array(xs.flatMap((x) => (typeof x === 'string' ? [...x].map((c) => c.charCodeAt(0)) : [x])));

describe('sniffDocument', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['PNG', bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['WebP', bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
    ['RIFF but not WebP', bytes('RIFF', 0, 0, 0, 0, 'WAVEfmt '), null],
    ['HEIC', bytes(0, 0, 0, 0x18, 'ftypheic'), null],
    ['text', bytes('hello'), null],
    ['empty', bytes(), null],
  ])('%s → %s', (_, b, want) => expect(sniffDocument(b)).toBe(want));
});

describe('documentProblem', () => {
  const pdf = bytes('%PDF-1.4');
  it.each([
    ['missing', 'identity', null, 'Joignez votre pièce d’identité (photo ou PDF).'],
    ['empty', 'income', { size: 0 }, 'Joignez votre justificatif de revenu (photo ou PDF).'],
    ['too large', 'identity', { size: MAX_DOCUMENT_BYTES + 1 }, 'Le fichier « Pièce d’identité » dépasse 8 Mo.'],
    [
      'not a photo',
      'income',
      { size: 5, bytes: bytes('hello') },
      'Le fichier « Justificatif de revenu » doit être une photo JPEG, PNG ou WebP, ou un PDF.',
    ],
    ['a PDF at the limit', 'income', { size: MAX_DOCUMENT_BYTES, bytes: pdf }, null],
  ] as const)('%s', (_, kind, file, want) => expect(documentProblem(kind, file)).toBe(want));
});

describe('applyRefusal', () => {
  it.each([
    [{ is_verified: true, adhesion: null, latest: null }, null],
    [{ is_verified: true, adhesion: 'refused', latest: 'refused' }, null],
    [{ is_verified: false, adhesion: null, latest: null }, 'Vérifiez votre compte avant de demander l’adhésion au crédit.'],
    [{ is_verified: true, adhesion: 'pending', latest: 'sent' }, 'Votre demande d’adhésion est déjà en cours d’examen.'],
    [{ is_verified: true, adhesion: 'accepted', latest: null }, 'Votre adhésion au crédit est déjà acceptée.'],
    [{ is_verified: true, adhesion: 'accepted', latest: 'accepted' }, 'Votre adhésion au crédit est déjà acceptée.'],
  ] as const)('%o → %s', (a, want) => expect(applyRefusal(a)).toBe(want));
});

describe('states and fields', () => {
  it.each([
    ['sent', 'pending', 'Envoyée'],
    ['accepted', 'accepted', 'Acceptée'],
    ['refused', 'refused', 'Refusée'],
  ] as const)('%s → users.adhesion %s, « %s »', (state, adhesion, label) => {
    expect(adhesionOf(state)).toBe(adhesion);
    expect(MEMBERSHIP_STATE_LABELS[state]).toBe(label);
  });

  it('labels brackets and keeps unknown keys', () => {
    expect(incomeBracketLabel('150-300')).toBe('150 000 à 300 000 F');
    expect(incomeBracketLabel('x')).toBe('x');
  });

  it.each([
    [
      { employer: '  Sonatel ', income_bracket: 'gt600', parent_id: '3' },
      { employer: 'Sonatel', income_bracket: 'gt600', parent_id: 3 },
    ],
    [{ employer: 'S', income_bracket: 'gt600', parent_id: '3' }, 'Indiquez votre employeur ou votre organisation.'],
    [{ employer: 'Sonatel', income_bracket: 'beaucoup', parent_id: '3' }, 'Choisissez votre tranche de revenu mensuel.'],
    [
      { employer: 'Sonatel', income_bracket: 'lt150', parent_id: 'abc' },
      'Choisissez le compte parent (votre employeur, mutuelle ou association).',
    ],
    [
      { employer: 'Sonatel', income_bracket: 'lt150', parent_id: '0' },
      'Choisissez le compte parent (votre employeur, mutuelle ou association).',
    ],
  ])('%o → %o', (input, want) => {
    const got = z.safeParse(membershipFieldsSchema, input);
    if (typeof want === 'string') expect(got.error?.issues[0]?.message).toBe(want);
    else expect(got.data).toEqual(want);
  });

  it.each([
    [{ reason: 'Revenu insuffisant' }, true],
    [{ reason: ' ' }, false],
    [{}, false],
    [{ reason: 'ok ok', extra: 1 }, false],
  ])('refusal %o valid: %s', (body, ok) => expect(z.safeParse(refuseSchema, body).success).toBe(ok));

  it.each([
    ['accepted', 'Adhésion acceptée : achat à crédit ouvert'],
    ['pending', 'Demande d’adhésion en cours d’examen'],
    ['refused', 'Demande d’adhésion refusée'],
    [null, 'Pas d’adhésion au crédit'],
  ])('the profile says %s → « %s »', (adhesion, want) => expect(adhesionFact(adhesion)).toBe(want));
});
