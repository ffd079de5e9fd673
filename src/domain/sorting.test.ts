import { describe, expect, it } from 'vitest';
import { categoryBucket, sortProducts } from './sorting.ts';

describe('categoryBucket', () => {
  it.each([
    ['CONGELATEUR', 0],
    ['TELEVISION', 1],
    ['REFRIGERATEUR', 2],
    ['CUISINIERE', 3],
    ['television', 1],
    ['CLIMATISEUR', 4],
    ['', 4],
    [null, 4],
  ])('%s → %i', (name, want) => expect(categoryBucket(name)).toBe(want));
});

describe('sortProducts', () => {
  const p = (id: number, categ_id: string | null, rang: number) => ({ id, categ_id, rang });
  it('puts the four priority categories first in order, then the others, then by rang and id', () => {
    const input = [
      p(1, 'VENTILATEUR', 1),
      p(2, 'CUISINIERE', 9),
      p(3, 'TELEVISION', 2),
      p(4, 'CONGELATEUR', 5),
      p(5, 'TELEVISION', 1),
      p(6, null, 0),
      p(7, 'REFRIGERATEUR', 0),
      p(8, 'CLIMATISEUR', 1),
    ];
    expect(sortProducts(input).map((x) => x.id)).toEqual([4, 5, 3, 7, 2, 6, 1, 8]);
  });
  it('does not touch its input', () => {
    const input = Object.freeze([p(2, 'CLIMATISEUR', 1), p(1, 'CONGELATEUR', 1)]);
    expect(sortProducts(input).map((x) => x.id)).toEqual([1, 2]);
    expect(input.map((x) => x.id)).toEqual([2, 1]);
  });
});
