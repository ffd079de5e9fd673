import { describe, expect, it } from 'vitest';
import { filtersFromSearch, searchOf } from './order-filters.ts';

describe('order list filters in the URL', () => {
  it.each([
    ['', {}],
    ['?state=sale&type=pack', { state: 'sale', type: 'pack' }],
    ['?state=nope&page=3', { page: 3 }],
    ['?q=%20BQ-7K3F9QMA%20&from=2026-11-01&to=bad', { q: 'BQ-7K3F9QMA', from: '2026-11-01' }],
    ['?page=0&limit=5000&payment_status=paid', { payment_status: 'paid' }],
  ])('%s → %o', (search, filters) => {
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('writes back only what differs from the defaults', () => {
    expect(searchOf({ state: 'sale', page: 1, limit: 20, q: '' })).toBe('?state=sale');
    expect(searchOf({ page: 2, type: 'preorder' })).toBe('?page=2&type=preorder');
    expect(searchOf({})).toBe('');
  });
});
