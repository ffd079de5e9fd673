import { describe, expect, it } from 'vitest';
import { offeredProvider, providerModes, providersIn, providersOn, providersText } from './payment-providers.ts';

const WAVE = { WAVE_API_KEY: 'wave_sn_prod_x' };
const ORANGE = { ORANGE_MONEY_CLIENT_ID: 'id', ORANGE_MONEY_CLIENT_SECRET: 'secret', ORANGE_MONEY_MERCHANT_KEY: 'key' };

describe('which providers take money (§2 "En ligne"): real with their keys, else the demonstration one where allowed, else off', () => {
  it.each([
    ['no keys, demonstration allowed', { DEMO_PAYMENTS: true }, { wave: 'demo', orange: 'demo' }, ['wave', 'orange']],
    ['no keys, no demonstration', { DEMO_PAYMENTS: false }, { wave: 'off', orange: 'off' }, []],
    ['Wave’s key only', { ...WAVE, DEMO_PAYMENTS: false }, { wave: 'real', orange: 'off' }, ['wave']],
    ['Orange’s keys only', { ...ORANGE, DEMO_PAYMENTS: false }, { wave: 'off', orange: 'real' }, ['orange']],
    ['both', { ...WAVE, ...ORANGE, DEMO_PAYMENTS: false }, { wave: 'real', orange: 'real' }, ['wave', 'orange']],
    ['Wave’s key and the demonstration', { ...WAVE, DEMO_PAYMENTS: true }, { wave: 'real', orange: 'demo' }, ['wave', 'orange']],
    ['two of Orange’s three keys', { ...ORANGE, ORANGE_MONEY_MERCHANT_KEY: '', DEMO_PAYMENTS: false }, { wave: 'off', orange: 'off' }, []],
  ] as const)('%s', (_, settings, modes, on) => {
    expect(providerModes(settings)).toEqual(modes);
    expect(providersOn(settings)).toEqual(on);
  });
});

describe('the provider a screen pays with, among those offered', () => {
  it.each([
    ['orange', ['wave', 'orange'], 'orange'],
    ['wave', ['orange'], 'orange'],
    [null, ['wave', 'orange'], 'wave'],
    ['paypal', ['orange'], 'orange'],
    ['wave', [], null],
  ] as const)('%s among %j → %s', (wanted, offered, expected) => {
    expect(offeredProvider(wanted, offered)).toBe(expected);
  });

  it('reads a list in the shop’s order, drops unknown names, and names them in a sentence', () => {
    expect(providersIn(['orange', 'x', 'wave', ''])).toEqual(['wave', 'orange']);
    expect(providersIn([''])).toEqual([]);
    expect(providersText(['wave', 'orange'])).toBe('Wave ou Orange Money');
    expect(providersText(['orange'])).toBe('Orange Money');
  });
});
