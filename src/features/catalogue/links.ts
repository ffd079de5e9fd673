/** Storefront links of the catalogue. */

/** Link to a product's details page. */
export const productHref = (id: number) => `/single-product/${id}`;
