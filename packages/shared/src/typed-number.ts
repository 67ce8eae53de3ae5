import { z } from 'zod';

/**
 * A whole number as a form field holds it (text; commas and surrounding spaces ignored), turned into the
 * number a call takes and checked by that call's own number schema. Text that is not a whole number
 * becomes NaN, which the number schema refuses with its own message, so the form words every problem
 * exactly as the server does.
 */
export function wholeNumberText<Out>(number: z.ZodType<Out, number>) {
  return z
    .string()
    .transform((typed) => {
      const digits = typed.replace(/,/g, '').trim();
      return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
    })
    .pipe(number);
}
