/** Product identity shown across the app and the static pages. */
export const PRODUCT_NAME = 'Sweetwish';
/** The company that operates the product: the footer credit and the operator in the legal pages. */
export const COMPANY_NAME = `${PRODUCT_NAME} Labs`;
export const TAGLINE = 'Your Sweetest Wishlist';
export const COPYRIGHT_YEAR = 2025;
export const SUPPORT_EMAIL = 'support@sweetwish.app';
export const MINIMUM_AGE = 18;
