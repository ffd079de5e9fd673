import { describe, expect, it } from 'vitest';
import { loginQuery, type LoginQuery } from './account-text.ts';
import {
  identifierSchema,
  normalizePhone,
  otpFailureMessage,
  profileUpdateSchema,
  safeRedirect,
  signupFormSchema,
  waitText,
} from './account.ts';

describe('normalizePhone (§5: 221, 7, 8 digits)', () => {
  it.each([
    ['771112233', '221771112233'],
    ['77 111 22 33', '221771112233'],
    ['77-111-22-33', '221771112233'],
    ['221771112233', '221771112233'],
    ['+221 77 111 22 33', '221771112233'],
    ['00221771112233', '221771112233'],
    ['(77) 111.22.33', '221771112233'],
    ['701234567', '221701234567'],
    ['661112233', null],
    ['77111223', null],
    ['7711122334', null],
    ['2217711122', null],
    ['77a112233', null],
    ['', null],
    ['+33612345678', null],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});

describe('account schemas', () => {
  it.each([
    [{ role: 'admin' }, 'role'],
    [{ adhesion: 'accepted' }, 'adhesion'],
    [{ is_verified: true }, 'is_verified'],
    [{ id: 3 }, 'id'],
  ])('profile update refuses %o', (body, field) => {
    const r = profileUpdateSchema.safeParse({ name: 'Awa Diop', ...body });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain(field);
  });

  it('normalises the phone of a profile update', () => {
    expect(profileUpdateSchema.parse({ partner_phone: '77 111 22 33' })).toEqual({ partner_phone: '221771112233' });
  });

  it.each([
    ['short', 'Abc12', 'Abc12', 'password'],
    ['no digit', 'Abcdefgh', 'Abcdefgh', 'password'],
    ['mismatch', 'Abcdefg1', 'Abcdefg2', 'confirm'],
  ])('sign-up form refuses a %s password', (_label, password, confirm, field) => {
    const r = signupFormSchema.safeParse({ name: 'Awa Diop', email: 'a@b.sn', partner_phone: '771112233', password, confirm });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual([field]);
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/profile', '/profile'],
    ['/commandes/12/d%C3%A9tails?x=1#h', '/commandes/12/d%C3%A9tails?x=1#h'],
    ['/checkout', '/checkout'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['profile', '/'],
    ['', '/'],
    [null, '/'],
  ])('%s → %s', (raw, expected) => {
    expect(safeRedirect(raw)).toBe(expected);
  });
});

describe('loginQuery (§2 /login)', () => {
  const VERIFIED = 'Vérification code réussie ! Vous pouvez vous connecter.';
  const RESET = 'Mot de passe modifié. Connectez-vous avec le nouveau mot de passe.';
  it.each<[string, LoginQuery]>([
    ['', { mail: '', redirect: '/', logout: false }],
    ['?mail=awa%40exemple.sn&verified=1', { mail: 'awa@exemple.sn', redirect: '/', notice: VERIFIED, logout: false }],
    ['?mail=221781112233&reset=1', { mail: '221781112233', redirect: '/', notice: RESET, logout: false }],
    ['?redirect=%2Fcheckout%3Ftype%3Dorder', { mail: '', redirect: '/checkout?type=order', logout: false }],
    ['?redirect=//evil.example/x', { mail: '', redirect: '/', logout: false }],
    ['?logout=1', { mail: '', redirect: '/', logout: true }],
    ['?logout=yes&verified=0', { mail: '', redirect: '/', logout: false }],
  ])('%s', (search, expected) => {
    expect(loginQuery(new URLSearchParams(search))).toStrictEqual(expected);
  });
});

describe('otpFailureMessage (§8)', () => {
  it.each([
    [{ data: 'Code expiré', message: 'x' }, 'Code expiré'],
    [Object.assign(new Error('réseau'), { data: { message: 'Code OTP invalide' } }), 'Code OTP invalide'],
    [new Error('Erreur réseau'), 'Erreur réseau'],
    [{}, 'Échec de la vérification du code OTP'],
    [undefined, 'Échec de la vérification du code OTP'],
  ])('%o → %s', (error, expected) => {
    expect(otpFailureMessage(error)).toBe(expected);
  });
});

describe('identifierSchema: what a shopper knows of an account', () => {
  it.each([
    ['Awa@Test.SN', { kind: 'email', value: 'awa@test.sn' }],
    [' 77 111 22 33 ', { kind: 'phone', value: '221771112233' }],
    ['+221771112233', { kind: 'phone', value: '221771112233' }],
  ])('%s → %o', (input, expected) => {
    expect(identifierSchema.parse(input)).toEqual(expected);
  });

  it.each(['42', '1', 'awa@', 'n’importe quoi', '+33612345678'])('refuses %s in French', (input) => {
    const r = identifierSchema.safeParse(input);
    expect(r.error?.issues[0]?.message).toBe('Indiquez une adresse e-mail ou un numéro de téléphone valide.');
  });
});

describe('waitText', () => {
  it.each([
    [0.2, '1 seconde'],
    [45, '45 secondes'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [900, '15 minutes'],
    [3600, '1 heure'],
    [86_399, '24 heures'],
  ])('%s s → %s', (seconds, expected) => {
    expect(waitText(seconds)).toBe(expected);
  });
});
