import { z } from 'zod';
import { CONTROL_CHARACTER } from './control-character';
import { BLOCKED_WORD_LENGTH_MAX, BLOCKED_WORDS_MAX, GIFT_MESSAGE_MAX, GIFT_MESSAGE_TEXTS } from './gift-message-rules';
import { pageOf } from './paging';

/**
 * A fan's message with a tip, a gift, a group-gift contribution or a subscription (issue 50, decision
 * 100): optional, trimmed, at most 200 characters, no control characters (a line break would break the
 * alert's one line and the CSV's row). Shown as text everywhere, never as HTML. Empty means none.
 */
export const GiftMessage = z
  .string()
  .trim()
  .max(GIFT_MESSAGE_MAX, GIFT_MESSAGE_TEXTS.tooLong)
  .refine((text) => !CONTROL_CHARACTER.test(text), GIFT_MESSAGE_TEXTS.controlCharacter);

/** The message field of a paying call: absent, empty or text. */
export const OptionalGiftMessage = GiftMessage.optional();

const BlockedWord = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'A blocked word cannot be empty')
  .max(BLOCKED_WORD_LENGTH_MAX, `A blocked word has at most ${BLOCKED_WORD_LENGTH_MAX} characters`)
  .refine((text) => !CONTROL_CHARACTER.test(text), GIFT_MESSAGE_TEXTS.controlCharacter);

/** What the creator chose about fans' messages; only its owner reads it (GET /api/gift-messages/settings). */
export const GiftMessageSettings = z.object({
  blockedWords: z.array(z.string()),
  holdEveryMessage: z.boolean(),
  isSpeechOn: z.boolean(),
  /** A voice's name as the browser lists it; null: the default voice. */
  speechVoice: z.string().nullable(),
  /** 0 to 100. */
  speechVolume: z.number().int(),
  /** Messages with gifts under this many tokens are shown, not read aloud. */
  speechMinTokens: z.number().int(),
  /** Reading stops after this many seconds. */
  speechMaxSeconds: z.number().int(),
  isWallOn: z.boolean(),
  /** The control page's address is /control/{controlSecret}: anyone holding it controls the alerts. */
  controlSecret: z.string(),
});
export type GiftMessageSettings = z.infer<typeof GiftMessageSettings>;

export const UpdateGiftMessageSettingsInput = z
  .object({
    blockedWords: z.array(BlockedWord).max(BLOCKED_WORDS_MAX, `At most ${BLOCKED_WORDS_MAX} blocked words`),
    holdEveryMessage: z.boolean(),
    isSpeechOn: z.boolean(),
    speechVoice: z.string().trim().min(1).max(200).nullable(),
    speechVolume: z.number().int('Whole numbers only').min(0, 'At least 0').max(100, 'At most 100'),
    speechMinTokens: z.number().int('Whole tokens only').min(0, 'At least 0').max(999_999, 'Too large'),
    speechMaxSeconds: z.number().int('Whole seconds only').min(1, 'At least 1').max(60, 'At most 60'),
    isWallOn: z.boolean(),
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, 'Nothing to change');
export type UpdateGiftMessageSettingsInput = z.infer<typeof UpdateGiftMessageSettingsInput>;

/** A message waiting for the creator's review, as the control page lists it. */
export const HeldMessage = z.object({
  purchaseId: z.string(),
  kind: z.enum(['tip', 'gift']),
  /** The fan's display name, or "Anonymous". */
  name: z.string(),
  amountCents: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
});
export type HeldMessage = z.infer<typeof HeldMessage>;

/** The control page (GET /api/control/{secret}): the held messages, oldest first, and whether alerts wait. */
export const ControlQueue = z.object({
  isPaused: z.boolean(),
  held: z.array(HeldMessage),
});
export type ControlQueue = z.infer<typeof ControlQueue>;

/** What the control page does: approve or skip a held message, skip the alert playing, pause, replay. */
export const ControlAction = z.discriminatedUnion('action', [
  z.object({ action: z.enum(['approve', 'reject']), purchaseId: z.string().min(1).max(64) }).strict(),
  z.object({ action: z.enum(['skip-current', 'pause', 'resume', 'replay-last']) }).strict(),
]);
export type ControlAction = z.infer<typeof ControlAction>;

/** An overlay began to show an alert: the gift's number, or an approved message's purchase. */
export const ShownInput = z.union([
  z.object({ seq: z.number().int().positive() }).strict(),
  z.object({ purchaseId: z.string().min(1).max(64) }).strict(),
]);
export type ShownInput = z.infer<typeof ShownInput>;

/** One entry of the supporters wall on /{handle}: a gift or tip (decision 101). */
export const WallEntry = z.object({
  /** The gift's purchase: what the creator hides (POST /api/gift-messages/{id}/hide). */
  id: z.string(),
  /** The fan's display name, or "Anonymous". */
  name: z.string(),
  kind: z.enum(['tip', 'gift']),
  /** The wish, for a gift. */
  wishName: z.string().nullable(),
  /** The fan's message, when there is one and the creator let it show (never a held or rejected one). */
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type WallEntry = z.infer<typeof WallEntry>;
export const WallPage = pageOf(WallEntry);
export type WallPage = z.infer<typeof WallPage>;
