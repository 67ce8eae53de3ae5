/**
 * Every stored blurhash has this length: 4x3 components (product.md section 9). In a module of its own so the
 * web app can check a hash without loading the zod schemas beside it.
 */
export const BLURHASH_LENGTH = 36;
