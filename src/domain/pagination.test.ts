import { describe, expect, it } from 'vitest';
import { countLine, formatCount, pageCount, pageItems, type PageItem } from './pagination.ts';

const E = 'ellipsis' as const;

describe('pageItems: first, last, current ±2, ellipses', () => {
  it.each<[number, number, PageItem[]]>([
    [1, 0, [1]],
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, 3, 4, 5]],
    [1, 10, [1, 2, 3, E, 10]],
    [3, 10, [1, 2, 3, 4, 5, E, 10]],
    [4, 10, [1, 2, 3, 4, 5, 6, E, 10]],
    [5, 10, [1, 2, 3, 4, 5, 6, 7, E, 10]],
    [6, 10, [1, E, 4, 5, 6, 7, 8, 9, 10]],
    [7, 12, [1, E, 5, 6, 7, 8, 9, E, 12]],
    [10, 10, [1, E, 8, 9, 10]],
    [99, 10, [1, E, 8, 9, 10]],
    [0, 10, [1, 2, 3, E, 10]],
  ])('page %i of %i', (current, last, expected) => {
    expect(pageItems(current, last)).toEqual(expected);
  });
});

describe('pageCount', () => {
  it.each([
    [0, 9, 1],
    [9, 9, 1],
    [10, 9, 2],
    [27, 9, 3],
    [28, 9, 4],
  ])('%i results by %i: %i pages', (total, limit, pages) => {
    expect(pageCount(total, limit)).toBe(pages);
  });
});

describe('countLine', () => {
  it.each<[number, number, number, string]>([
    [1, 9, 0, '0 résultat'],
    [1, 9, 1, '1–1 sur 1 résultat'],
    [1, 9, 23, '1–9 sur 23 résultats'],
    [2, 9, 23, '10–18 sur 23 résultats'],
    [3, 9, 23, '19–23 sur 23 résultats'],
  ])('page %i by %i of %i', (page, limit, total, line) => {
    expect(countLine(page, limit, total)).toBe(line);
  });
});

describe('formatCount', () => {
  it.each<[number, string]>([
    [7, '7'],
    [999, '999'],
    [10_000, '10\u202f000'],
    [1_234_567, '1\u202f234\u202f567'],
  ])('%i', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });
});
