/** Shown when a product has no usable image, or its picture cannot load (a path the worker precaches). */
export const PLACEHOLDER_IMAGE = '/placeholder-product.svg';
