import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, maskRecipient, retryDelay } from './message-retry.ts';

describe('retryDelay', () => {
  it.each<[string, number, number | null]>([
    ['not tried yet: now', 0, 0],
    ['after the 1st failure: 30 s', 1, 30_000],
    ['after the 2nd: 2 min', 2, 120_000],
    ['after the 3rd: 10 min', 3, 600_000],
    ['after the 4th: 1 h', 4, 3_600_000],
    ['after the 5th: 6 h', 5, 21_600_000],
    ['after the 6th: given up', 6, null],
    ['beyond: given up', 9, null],
  ])('%s', (_, attempts, wait) => expect(retryDelay(attempts)).toBe(wait));

  it('gives up after MAX_ATTEMPTS attempts', () => expect(retryDelay(MAX_ATTEMPTS)).toBeNull());

  it.each<[string, number, number, number | null]>([
    ['the earliest draw: 20 % sooner', 1, 0, 24_000],
    ['a low draw', 2, 0.25, 108_000],
    ['the middle: on the step', 3, 0.5, 600_000],
    ['a high draw', 4, 0.75, 3_960_000],
    ['the latest draw: 20 % later', 5, 1, 25_920_000],
    ['a draw out of range is held to the bounds', 1, 7, 36_000],
    ['below zero too', 1, -1, 24_000],
    ['not tried yet: now, whatever the draw', 0, 0.9, 0],
    ['given up, whatever the draw', 6, 0.1, null],
  ])('spread: %s', (_, attempts, draw, wait) => expect(retryDelay(attempts, draw)).toBe(wait));
});

describe('maskRecipient', () => {
  it.each<[string, string]>([
    ['awa@test.sn', 'a•••@test.sn'],
    ['moussa.diop@gmail.com', 'm•••@gmail.com'],
    ['221771112233', '22177•••••33'],
    ['12345', '•••••'],
  ])('%s → %s', (to, shown) => expect(maskRecipient(to)).toBe(shown));
});
