/** §4 "Collections": the most units of one product in a line, in a collection or an order; keeps totals sane. */
export const maxQuantity = 99;
