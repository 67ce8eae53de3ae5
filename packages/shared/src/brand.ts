/** Product identity shown across the app and the static pages. */
export const PRODUCT_NAME = 'Sweetwish';
export const TAGLINE = 'Your Sweetest Wishlist';
export const COPYRIGHT_YEAR = 2025;
export const SUPPORT_EMAIL = 'support@sweetwish.app';
export const MINIMUM_AGE = 18;
