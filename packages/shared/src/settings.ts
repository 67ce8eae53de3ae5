import { z } from 'zod';

/** Settings (/settings; architecture.md section 11): notifications, fan interactions, account. */

export const NOTIFICATION_CHANNELS = ['sms', 'email'] as const;

export const Settings = z.object({
  /** A text or e-mail when a gift or tip arrives. */
  notifyGifts: z.boolean(),
  /** A text or e-mail when a message arrives and the conversation is not open. */
  notifyMessages: z.boolean(),
  /** Whether fans may message the creator after a gift (on by default). */
  fansCanMessage: z.boolean(),
  /** Where notifications go: the sign-in method (product.md section 1). */
  notificationChannel: z.enum(NOTIFICATION_CHANNELS),
});
export type Settings = z.infer<typeof Settings>;

export const UpdateSettingsInput = Settings.omit({ notificationChannel: true })
  .partial()
  .refine((input) => Object.keys(input).length > 0, 'Nothing to change');
export type UpdateSettingsInput = z.infer<typeof UpdateSettingsInput>;

/** Deleting an account is confirmed on screen; the request says so explicitly. */
export const DeleteAccountInput = z.object({
  isConfirmed: z.literal(true),
  /**
   * The remainder the user agreed to give up (decision 017): tokens that cannot be withdrawn (bought ones,
   * and earned ones under the withdrawal minimum). Deletion goes ahead only when it is exactly what is left.
   */
  forfeitCents: z.number().int().nonnegative().max(100_000_000).optional(),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;
