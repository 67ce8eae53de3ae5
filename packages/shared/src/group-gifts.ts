import { z } from 'zod';
import { GiftMessage, OptionalGiftMessage } from './gift-messages';
import { groupThousands } from './thousands';
import { wholeNumberText } from './typed-number';

/**
 * Group gifts (issue 20): fans fund one wish together. Contributions are whole tokens, from 1 up to what
 * remains of the price; the wish is granted by the contribution that completes it (decision 033).
 */
export const CONTRIBUTION_MIN = 1;

export const GROUP_GIFT_MESSAGES = {
  amount: 'A contribution is a whole number of tokens',
  tooSmall: `A contribution is at least ${CONTRIBUTION_MIN} token`,
  /** More than the price still needs; `remaining` in whole tokens. */
  tooLarge: (remaining: number) =>
    `Only ${groupThousands(remaining)} ${remaining === 1 ? 'token is' : 'tokens are'} left to fund this wish`,
  notGroupGift: 'This wish is not a group gift',
  ownWish: 'You cannot contribute to your own wish',
  funded: 'This group gift is already fully funded!',
  archived: 'This wish has been archived',
  takeBackOff: 'The creator does not allow taking contributions back',
  notYours: 'Contribution does not exist.',
  alreadyReturned: 'This contribution was already returned',
  priceFixed: 'The price of a group gift cannot change once fans have contributed',
  contributed: 'Thank you for contributing!',
  contributeFailed: 'Could not contribute',
  tookBack: 'Your contribution was returned to your wallet',
  takeBackFailed: 'Could not take your contribution back',
  notEnough: "Not enough tokens. You'll be redirected to purchase more.",
} as const;

const ContributionAmount = z
  .number({ error: GROUP_GIFT_MESSAGES.amount })
  .int(GROUP_GIFT_MESSAGES.amount)
  .min(CONTRIBUTION_MIN, GROUP_GIFT_MESSAGES.tooSmall)
  .max(999_999, GROUP_GIFT_MESSAGES.tooLarge(999_999));

/** POST /wishes/{id}/contributions. */
export const ContributeInput = z.object({
  /** Whole tokens; the server refuses more than what remains. */
  amount: ContributionAmount,
  /** Shown as "Anonymous" to the creator and on the wish page, as for gifts (architecture.md section 11). */
  isAnonymous: z.boolean().default(false),
  /** The fan's message (decision 100): it goes with their share of the gift when the wish is funded. */
  message: OptionalGiftMessage,
});
export type ContributeInput = z.input<typeof ContributeInput>;

/** The contribute dialog's fields: the amount as typed, checked as the server checks it (up to what remains). */
export function contributeFields(remainingTokens: number) {
  return z.object({
    amount: wholeNumberText(ContributionAmount.max(remainingTokens, GROUP_GIFT_MESSAGES.tooLarge(remainingTokens))),
    isAnonymous: z.boolean(),
    message: GiftMessage,
  });
}

export const ContributeResult = z
  .object({ contributionId: z.string(), isGranted: z.boolean() })
  .meta({ id: 'ContributeResult' });
export type ContributeResult = z.infer<typeof ContributeResult>;

export const CONTRIBUTION_STATUSES = ['held', 'granted', 'taken_back', 'refunded'] as const;

/**
 * A line of the wish page's contributors: a fan's public name with what they gave under it, or null names for
 * "Anonymous", every anonymous contribution together (decision 033).
 */
export const GroupGiftContributor = z
  .object({ displayName: z.string().nullable(), handle: z.string().nullable(), amountCents: z.int() })
  .meta({ id: 'GroupGiftContributor' });

/** The viewer's own contributions to this wish. */
export const OwnContribution = z
  .object({
    id: z.string(),
    amountCents: z.int(),
    status: z.enum(CONTRIBUTION_STATUSES),
    isAnonymous: z.boolean(),
    canTakeBack: z.boolean(),
  })
  .meta({ id: 'OwnContribution' });
export type OwnContribution = z.infer<typeof OwnContribution>;

/** What the creator earned from a granted group gift: gross, fees and net (the received detail). */
export const GroupGiftEarnings = z
  .object({ grossCents: z.int(), feesCents: z.int(), netCents: z.int() })
  .meta({ id: 'GroupGiftEarnings' });

/** GET /wishes/{id}/group-gift: progress for everyone, own contributions for the viewer, earnings for the owner. */
export const GroupGiftProgress = z
  .object({
    wishId: z.string(),
    costCents: z.int(),
    fundedCents: z.int(),
    isFunded: z.boolean(),
    allowTakeBack: z.boolean(),
    /** The lines of `contributors` (named fans, and "Anonymous" once): never a count of anonymous fans. */
    contributorCount: z.int(),
    contributors: z.array(GroupGiftContributor),
    own: z.array(OwnContribution),
    earnings: GroupGiftEarnings.nullable(),
  })
  .meta({ id: 'GroupGiftProgress' });
export type GroupGiftProgress = z.infer<typeof GroupGiftProgress>;

export const TakeBackResult = z.object({ contributionId: z.string() }).meta({ id: 'TakeBackResult' });
export type TakeBackResult = z.infer<typeof TakeBackResult>;

/** Whole tokens left to fund: what the contribute dialog offers at most. */
export function remainingTokens(progress: { costCents: number; fundedCents: number }): number {
  return Math.max(0, Math.floor((progress.costCents - progress.fundedCents) / 100));
}
