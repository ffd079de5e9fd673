import { describe, expect, it } from 'vitest';
import { fromWave, type WaveSession } from './wave.ts';

const open: WaveSession = {
  id: 'cos-1',
  amount: '1000',
  currency: 'XOF',
  client_reference: 'BQ-22222222',
  checkout_status: 'open',
  payment_status: 'processing',
  last_payment_error: null,
  transaction_id: null,
  wave_launch_url: 'https://pay.wave.com/c/cos-1',
  when_expires: '2026-11-21T10:30:00Z',
};

describe('a Wave checkout session in our words', () => {
  it.each<[string, Partial<WaveSession>, string]>([
    ['open and processing', {}, 'open'],
    ['complete and succeeded', { checkout_status: 'complete', payment_status: 'succeeded' }, 'paid'],
    ['complete but not succeeded', { checkout_status: 'complete', payment_status: 'cancelled' }, 'open'],
    ['open with a payment error', { last_payment_error: { code: 'insufficient-funds', message: 'x' } }, 'failed'],
    ['expired', { checkout_status: 'expired', payment_status: 'cancelled' }, 'expired'],
  ])('%s → %s', (_l, over, status) => {
    expect(fromWave({ ...open, ...over }).status).toBe(status);
  });

  it.each([
    ['1000', 1000],
    ['1000.0', -1],
    ['12.5', -1],
  ])('reads the amount %s as %s whole francs (never a fraction)', (amount, francs) => {
    expect(fromWave({ ...open, amount }).amount).toBe(francs);
  });
});
