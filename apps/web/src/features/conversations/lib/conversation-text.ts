import { ANONYMOUS_NAME, lastMessagePreview } from '@sweetwish/shared/conversation-rules';
import type { Conversation } from '@sweetwish/shared/conversations';
import { formatDollars } from '@sweetwish/shared/money';
import { receivedItemName } from '@sweetwish/shared/wallet-rules';

/** The other participant's name, or "Anonymous" (architecture.md section 11). */
export function participantName(conversation: Pick<Conversation, 'participant'>): string {
  return conversation.participant?.displayName ?? ANONYMOUS_NAME;
}

/**
 * Which purchase a conversation belongs to, on its row: "Custom Tip · $5", or the wish's name and price
 * ("Easel · $12"), so three purchases from one fan read as three different rows.
 */
export function purchaseLine(conversation: Pick<Conversation, 'purchase'>): string {
  const { purchase } = conversation;
  return `${receivedItemName({ type: purchase.type, product: purchase.name === null ? null : { name: purchase.name } })} · ${formatDollars(purchase.costCents)}`;
}

/** A conversation row's preview of its last message, on one line. */
export function conversationPreview(conversation: Pick<Conversation, 'lastMessage'>): string {
  if (!conversation.lastMessage) return '';
  return lastMessagePreview(conversation.lastMessage).replace(/\s+/g, ' ').trim();
}

/**
 * Whether "Seen" goes under the viewer's last message: the other participant read the conversation at or
 * after the moment it was sent.
 */
export function isSeenByParticipant(participantSeenAt: string | null, sentAt: string): boolean {
  return participantSeenAt !== null && Date.parse(participantSeenAt) >= Date.parse(sentAt);
}
