import { z } from 'zod';
import { pageOf } from './paging';
import { Person } from './wallet';

/**
 * The fan base (product.md section 1): only someone who has rewarded a creator can opt in to that creator's fan
 * base; the creator sees their fans.
 */

/** The viewer and a creator: whether they may join the creator's fan base, and whether they have. */
export const FanMembership = z.object({ canJoin: z.boolean(), isMember: z.boolean() });
export type FanMembership = z.infer<typeof FanMembership>;

/**
 * One fan as their creator sees them: null for someone without a public profile ("Anonymous"). The total
 * counts the gifts and tips they gave under their name: anonymous ones stay anonymous.
 */
export const Fan = z.object({
  fan: Person.nullable(),
  totalGivenCents: z.number().int().nonnegative(),
  since: z.string(),
});
export type Fan = z.infer<typeof Fan>;
export const FanPage = pageOf(Fan);
export type FanPage = z.infer<typeof FanPage>;
