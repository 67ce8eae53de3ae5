/**
 * A control character (Unicode category Cc). In a module of its own, without zod, so that a page which
 * only checks text for one (the return path of sign-in, on every profile page) does not load zod
 * (decision 003).
 */
export const CONTROL_CHARACTER = /\p{Cc}/u;
