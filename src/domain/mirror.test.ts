import { describe, expect, it } from 'vitest';
import { decodeMirror, encodeMirror, MIRROR_MAX } from './mirror.ts';

describe('cookie mirror of a stored list', () => {
  it('round-trips ids and quantities in order', () => {
    const lines = [
      { id: 12, quantity: 3 },
      { id: 4, quantity: 1 },
      { id: 2_147_483_647, quantity: 10 },
    ];
    expect(encodeMirror(lines)).toBe('12.3_4.1_2147483647.10');
    expect(decodeMirror(encodeMirror(lines))).toEqual(lines);
  });

  it.each([
    ['', []],
    [undefined, []],
    ['garbage', []],
    ['0.1_5.0_-3.2_7.1', [{ id: 7, quantity: 1 }]],
    ['5.2_5.9', [{ id: 5, quantity: 2 }]],
    ['8.99', [{ id: 8, quantity: 10 }]],
    ['2147483648.1_9.1', [{ id: 9, quantity: 1 }]],
    ['1.1;x=2_3.1', [{ id: 3, quantity: 1 }]],
    ['01.1_1.01_1.1', [{ id: 1, quantity: 1 }]],
  ])('decodes %j to %j', (text, lines) => {
    expect(decodeMirror(text)).toEqual(lines);
  });

  it('carries the unit price a collection line was stored with, when it has one', () => {
    const lines = [
      { id: 12, quantity: 3, price: 215000 },
      { id: 4, quantity: 1 },
      { id: 5, quantity: 2, price: 0 },
    ];
    expect(encodeMirror(lines)).toBe('12.3.215000_4.1_5.2.0');
    expect(decodeMirror(encodeMirror(lines))).toEqual(lines);
    expect(decodeMirror('1.1.01_2.1.-5_3.1.1234567890_4.1.')).toEqual([]);
  });

  it(`carries at most ${MIRROR_MAX} lines both ways`, () => {
    const many = Array.from({ length: MIRROR_MAX + 5 }, (_, i) => ({ id: i + 1, quantity: 1 }));
    expect(decodeMirror(encodeMirror(many))).toHaveLength(MIRROR_MAX);
    expect(decodeMirror(many.map((l) => `${l.id}.1`).join('_'))).toHaveLength(MIRROR_MAX);
  });
});
