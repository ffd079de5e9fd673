/** What integer inputs may hold: the database's `integer` columns, and the shop's real ranges (§9 prices in whole FCFA). */

/** The largest value of a PostgreSQL `integer` column (ids, stock, ranks). */
export const INT_MAX = 2_147_483_647;
/** The dearest price the shop may show: 100 000 000 FCFA. */
export const MAX_PRICE = 100_000_000;
/** The most units a product's stock may hold. */
export const MAX_STOCK = 1_000_000;
/** The furthest page a listing may be asked for. */
export const MAX_PAGE = 100_000;
