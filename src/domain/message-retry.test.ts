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
});

describe('maskRecipient', () => {
  it.each<[string, string]>([
    ['awa@test.sn', 'a•••@test.sn'],
    ['moussa.diop@gmail.com', 'm•••@gmail.com'],
    ['221771112233', '22177•••••33'],
    ['12345', '•••••'],
  ])('%s → %s', (to, shown) => expect(maskRecipient(to)).toBe(shown));
});
