/** The order list's filters as they live in the URL (rule: filters live in the URL). */
import { adminOrderQuerySchema, type AdminOrderQuery } from '../../domain/admin.schema.ts';
import { queryFromSearch, queryString } from './url-filters.ts';

/** The filters a query string names; anything invalid is dropped rather than refused. */
export const filtersFromSearch = (search: string) => queryFromSearch<AdminOrderQuery>(adminOrderQuerySchema.shape, search);

/** The query string of `filters` (defaults left out). */
export const searchOf = (filters: Partial<AdminOrderQuery>) => queryString(filters, { page: 1, limit: 20 });
