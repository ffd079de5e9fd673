import { describe, expect, it } from 'vitest';
import { adminOrderQuerySchema, type AdminOrderQuery } from '../../domain/admin.schema.ts';
import { queryFromSearch, queryString } from './admin-filters.ts';

const filtersFromSearch = (search: string) => queryFromSearch<AdminOrderQuery>(adminOrderQuerySchema.shape, search);
const searchOf = (filters: Partial<AdminOrderQuery>) => queryString(filters, { page: 1, limit: 20 });

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
