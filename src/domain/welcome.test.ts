import { describe, expect, it } from 'vitest';
import { DEFAULT_WELCOME, welcomeFor, welcomeLabel, welcomeMiss, welcomeReduction, type WelcomeCase } from './welcome.ts';
import { welcomeTermsSchema } from './welcome.schema.ts';

const line = (price_subtotal: number, promo = false) => ({ price_subtotal, promo });
const first = { verified: true, earlierOrders: 0 };

describe('welcomeReduction (§1, §9)', () => {
  it.each([
    ['10 % of the lines', [line(150_000)], 15_000],
    ['rounded down to the franc', [line(99_999)], 9_999],
    ['capped at 20 000 FCFA', [line(500_000)], 20_000],
    ['promotional lines are not reduced', [line(100_000), line(400_000, true)], 10_000],
    ['only promotional lines: nothing', [line(400_000, true)], 0],
    ['several lines add up before the cap', [line(60_000), line(60_000)], 12_000],
    ['an empty order', [], 0],
  ])('%s', (_name, lines, expected) => {
    expect(welcomeReduction(DEFAULT_WELCOME, lines)).toBe(expected);
  });

  it('follows the terms the retailer set, and nothing when they are off', () => {
    expect(welcomeReduction({ active: true, rate: 5, cap: 3_000 }, [line(100_000)])).toBe(3_000);
    expect(welcomeReduction({ active: true, rate: 5, cap: 30_000 }, [line(100_000)])).toBe(5_000);
    expect(welcomeReduction({ active: false, rate: 10, cap: 20_000 }, [line(100_000)])).toBe(0);
  });
});

describe('welcomeMiss: who gets it', () => {
  const base: WelcomeCase = { terms: DEFAULT_WELCOME, account: first, saleType: 'order', pack: false, lines: [line(100_000)] };
  it.each<[string, Partial<WelcomeCase>, ReturnType<typeof welcomeMiss>, number]>([
    ['a verified customer’s first order', {}, null, 10_000],
    ['a first pre-order', { saleType: 'preorder' }, null, 10_000],
    ['the offer switched off', { terms: { ...DEFAULT_WELCOME, active: false } }, 'off', 0],
    ['a cap of 0', { terms: { ...DEFAULT_WELCOME, cap: 0 } }, 'off', 0],
    ['a guest', { account: null }, 'guest', 0],
    ['an account not yet verified', { account: { verified: false, earlierOrders: 0 } }, 'unverified', 0],
    ['a second order', { account: { verified: true, earlierOrders: 1 } }, 'not_first', 0],
    ['a credit order', { saleType: 'creditorder' }, 'kind', 0],
    ['a pack', { pack: true }, 'kind', 0],
    ['only promotional products', { lines: [line(100_000, true)] }, 'promo_only', 0],
  ])('%s', (_name, change, miss, amount) => {
    const c = { ...base, ...change };
    expect(welcomeMiss(c)).toBe(miss);
    expect(welcomeFor(c)).toBe(amount);
  });
});

describe('welcome terms and label', () => {
  it('reads the retailer’s terms and refuses bad ones in French', () => {
    expect(welcomeTermsSchema.parse({ active: true, rate: 15, cap: 25_000 })).toEqual({ active: true, rate: 15, cap: 25_000 });
    const bad = (body: unknown) => welcomeTermsSchema.safeParse(body).error?.issues[0]?.message;
    expect(bad({ active: true, rate: 0, cap: 1 })).toBe('Le taux doit être compris entre 1 et 50 %.');
    expect(bad({ active: true, rate: 10.5, cap: 1 })).toBe('Le taux doit être un nombre entier de pour cent.');
    expect(bad({ active: true, rate: 10, cap: -1 })).toBe('Le plafond ne peut pas être négatif.');
    expect(bad({ active: 'oui', rate: 10, cap: 1 })).toBe('Indiquez si l’offre est active (true ou false).');
    expect(bad({ active: true, rate: 10, cap: 1, x: 1 })).toBe('Champ inconnu : x.');
  });

  it('writes the line shown above the total', () => {
    expect(welcomeLabel(12_000)).toBe('Réduction de bienvenue − 12\u202f000\u00a0F\u202fCFA');
  });
});
