import { z } from 'zod';
import { BLURHASH_LENGTH } from './blurhash';
import {
  CHAT_MESSAGES,
  CONVERSATION_TYPES,
  MESSAGE_MAX,
  MESSAGE_PAGE_MAX,
  MESSAGE_PAGE_SIZE,
  MESSAGE_TYPES,
  REACTIONS,
  SEND_BLOCKS,
} from './conversation-rules';
import { UPLOAD_ERROR_MESSAGE } from './media';
import { pageOf } from './paging';
import { Person, PurchasedProduct } from './wallet';
import { PURCHASE_TYPES } from './wallet-rules';

/** Conversations and messages: the calls' schemas (product.md sections 3, 5 and 7; architecture.md sections 6 and 11). */

/** createConversation: the buyer ("purchase") or the recipient ("received") of a purchase opens its conversation. */
export const CreateConversationInput = z.object({
  type: z.enum(CONVERSATION_TYPES),
  purchaseId: z.string().min(1).max(64),
});
export type CreateConversationInput = z.infer<typeof CreateConversationInput>;

export const CreateConversationResult = z.object({ conversationId: z.string() });
export type CreateConversationResult = z.infer<typeof CreateConversationResult>;

/**
 * sendMessage with text. Images are sent as files (SendImageInput), so the server stores exactly what it
 * re-encoded; a purchase message is written by the server when the conversation opens.
 */
const MessageText = z.string().max(MESSAGE_MAX, CHAT_MESSAGES.tooLong);

export const SendTextInput = z.object({
  type: z.literal('text'),
  content: MessageText.refine((text) => text.trim().length > 0, CHAT_MESSAGES.empty),
});
export type SendTextInput = z.infer<typeof SendTextInput>;

/**
 * The composer's text (product.md section 5, Message send): SendTextInput's content, which may be left empty when
 * only images go; it is sent (trimmed) only when there is some.
 */
export const MessageDraft = z.object({ content: MessageText });

/** sendMessage with an image: the multipart form of POST /api/conversations/{id}/images. */
export const SendImageInput = z.object({
  file: z.file({ error: UPLOAD_ERROR_MESSAGE }).meta({ type: 'string', format: 'binary' }),
  /** Computed in the browser (product.md section 7), checked here. */
  blurhash: z.string().length(BLURHASH_LENGTH, `Blurhash must be exactly ${BLURHASH_LENGTH} characters`),
});
export type SendImageInput = z.infer<typeof SendImageInput>;

/** Set or clear reaction: a heart, or null to clear the viewer's own. */
export const SetReactionInput = z.object({ reaction: z.enum(REACTIONS).nullable() });
export type SetReactionInput = z.infer<typeof SetReactionInput>;

/**
 * An image message. Images from the other participant are locked until the viewer unlocks them: the
 * addresses are then null and only the blurhash shows. The addresses answer only the two participants.
 */
export const MessageImage = z.object({
  blurhash: z.string().nullable(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  isLocked: z.boolean(),
  /** 400x200 (shown at 200x100, product.md section 9). */
  thumbUrl: z.string().nullable(),
  url: z.string().nullable(),
});
export type MessageImage = z.infer<typeof MessageImage>;

/** The purchase a purchase message stands for: a tip's amount, or the wish as it was bought. */
export const MessagePurchase = z.object({
  type: z.enum(PURCHASE_TYPES),
  costCents: z.number().int().positive(),
  /** What a refund or dispute of the fan's card payment took back of it ("Reversed", "Partly reversed"). */
  reversedCents: z.number().int().nonnegative(),
  product: PurchasedProduct.nullable(),
  /** The fan's message with the purchase (decision 100): where its conversation starts. */
  message: z.string().nullable(),
  /** When the gift or tip was paid: its bubble shows this, not when the conversation opened (maybe days later). */
  boughtAt: z.string(),
});

export const Message = z.object({
  id: z.string(),
  /** Order in its conversation: each message gets the next number, in the order the messages committed. */
  seq: z.number().int().positive(),
  /** The conversation's version when this message last changed (sent, reacted to, unlocked). */
  version: z.number().int().positive(),
  type: z.enum(MESSAGE_TYPES),
  isMine: z.boolean(),
  content: z.string().nullable(),
  image: MessageImage.nullable(),
  purchase: MessagePurchase.nullable(),
  sentAt: z.string(),
  /** The viewer's own reaction, and the other participant's. */
  reaction: z.enum(REACTIONS).nullable(),
  participantReaction: z.enum(REACTIONS).nullable(),
  /** Hidden by a moderator: its text and image are gone from every answer (decision 028). */
  isRemoved: z.boolean(),
});
export type Message = z.infer<typeof Message>;

/**
 * A page of messages, oldest first: the newest ones, or those before a `seq`. `version` is the
 * conversation's version in the same snapshot as the page: changes since it hold exactly what came after.
 */
export const MessagePage = z.object({
  messages: z.array(Message),
  hasOlder: z.boolean(),
  version: z.number().int().nonnegative(),
});
export type MessagePage = z.infer<typeof MessagePage>;

export const MessagePageQuery = z.object({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
});

/**
 * Messages changed (sent, reacted to, unlocked) after a version, oldest first. When more changed than
 * one answer holds, `isComplete` is false: the client reloads the conversation instead.
 */
export const MessageChanges = z.object({
  messages: z.array(Message),
  version: z.number().int().nonnegative(),
  isComplete: z.boolean(),
});
export type MessageChanges = z.infer<typeof MessageChanges>;

export const MessageChangesQuery = z.object({ since: z.coerce.number().int().nonnegative() });

export const LastMessage = z.object({
  type: z.enum(MESSAGE_TYPES),
  /** The text, a purchase's summary, or null for an image. */
  text: z.string().nullable(),
  isMine: z.boolean(),
});

/** The purchase a conversation belongs to, as its row names it: a tip, or the wish's name then, and the amount. */
export const ConversationPurchase = z.object({
  type: z.enum(PURCHASE_TYPES),
  /** The wish's name when it was bought; null for a tip (or a wish bought as a surprise). */
  name: z.string().nullable(),
  costCents: z.number().int().positive(),
});
export type ConversationPurchase = z.infer<typeof ConversationPurchase>;

export const Conversation = z.object({
  id: z.string(),
  purchaseId: z.string(),
  purchase: ConversationPurchase,
  /** The viewer's side of the purchase. */
  role: z.enum(['buyer', 'recipient']),
  /** The other participant; null for an anonymous buyer or someone without a public profile ("Anonymous"). */
  participant: Person.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the viewer last read it, and when the other participant did. */
  seenAt: z.string().nullable(),
  participantSeenAt: z.string().nullable(),
  isUnread: z.boolean(),
  lastMessage: LastMessage.nullable(),
  /** Why the viewer cannot write here: the creator turned messages from fans off, or the other account is gone. */
  sendBlock: z.enum(SEND_BLOCKS).nullable(),
});
export type Conversation = z.infer<typeof Conversation>;
export const ConversationPage = pageOf(Conversation);
export type ConversationPage = z.infer<typeof ConversationPage>;
