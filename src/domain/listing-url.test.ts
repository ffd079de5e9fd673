import { describe, expect, it } from 'vitest';
import type { Filters } from './filters.ts';
import { defaultFilters, filtersFromQuery, queryFromFilters, resetFilters, withChange } from './listing-url.ts';

const f = (over: Partial<Filters>): Filters => ({ ...defaultFilters, ...over });

describe('filtersFromQuery', () => {
  it.each<[string, Filters]>([
    ['', f({})],
    ['?category=4&page=2', f({ category: 4, page: 2 })],
    ['category=All&tag=All&productType=All', f({})],
    ['search=%20frigo%20&min=5000&max=300000', f({ search: 'frigo', min: 5000, max: 300000 })],
    ['productType=promo&tag=7&limit=18', f({ productType: 'promo', tag: 7, limit: 18 })],
    ['productType=credit', f({ productType: 'credit' })],
    ['page=0&limit=0&min=-5&max=abc', f({})],
    ['page=2.5&limit=101&category=x&tag=-1&productType=nope', f({})],
    [`search=${'a'.repeat(150)}`, f({ search: 'a'.repeat(100) })],
  ])('reads %j', (query, expected) => {
    expect(filtersFromQuery(query)).toEqual(expected);
  });
});

describe('queryFromFilters', () => {
  it.each<[Filters, string]>([
    [f({}), ''],
    [f({ category: 3, page: 2 }), '?category=3&page=2'],
    [resetFilters, '?min=5000'],
    [f({ search: 'télé led', productType: 'promo', tag: 2, max: 200000 }), '?search=t%C3%A9l%C3%A9+led&max=200000&productType=promo&tag=2'],
  ])('writes %o as %j', (filters, expected) => {
    expect(queryFromFilters(filters)).toBe(expected);
  });

  it.each<Filters>([
    f({}),
    resetFilters,
    f({ category: 12, search: 'a&b=c', min: 0, max: 10, page: 40, limit: 100, productType: 'credit', tag: 5 }),
  ])('round-trips %o', (filters) => {
    expect(filtersFromQuery(queryFromFilters(filters))).toEqual(filters);
  });
});

describe('withChange', () => {
  it('goes back to page 1 on a filter change, keeps an explicit page', () => {
    expect(withChange(f({ page: 4 }), { category: 2 })).toEqual(f({ category: 2, page: 1 }));
    expect(withChange(f({ page: 4 }), { page: 5 })).toEqual(f({ page: 5 }));
  });
});
