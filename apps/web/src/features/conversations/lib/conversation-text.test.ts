import { describe, expect, it } from 'vitest';
import { conversationPreview, isSeenByParticipant, participantName, purchaseLine } from './conversation-text';

const creator = { id: 'u1', handle: 'sweet_creator', displayName: 'Sweet Creator', photoUrl: null };

describe('a conversation row', () => {
  it('names the participant, or "Anonymous"', () => {
    expect(participantName({ participant: creator })).toBe('Sweet Creator');
    expect(participantName({ participant: null })).toBe('Anonymous');
  });

  it.each([
    [{ type: 'text', text: 'Thank you so much!', isMine: false }, 'Thank you so much!'],
    [{ type: 'text', text: 'See you', isMine: true }, 'You: See you'],
    [{ type: 'text', text: 'Line one\n\nLine   two', isMine: false }, 'Line one Line two'],
    [{ type: 'image', text: null, isMine: false }, 'Sent an image'],
    [{ type: 'image', text: null, isMine: true }, 'You: Sent an image'],
    [{ type: 'purchase', text: 'Gift: Pink Guitar', isMine: true }, 'Gift: Pink Guitar'],
    [{ type: 'purchase', text: 'Tip of $25', isMine: false }, 'Tip of $25'],
  ] as const)('previews %o as "%s"', (lastMessage, preview) => {
    expect(conversationPreview({ lastMessage })).toBe(preview);
  });

  it('previews nothing before the first message', () => {
    expect(conversationPreview({ lastMessage: null })).toBe('');
  });

  it('says which purchase it belongs to: the wish and its price, or a tip and its amount', () => {
    expect(purchaseLine({ purchase: { type: 'standard', name: 'Easel', costCents: 1200 } })).toBe('Easel · $12');
    expect(purchaseLine({ purchase: { type: 'tip', name: null, costCents: 500 } })).toBe('Custom Tip · $5');
    expect(purchaseLine({ purchase: { type: 'standard', name: null, costCents: 900 } })).toBe("It's a surprise! · $9");
  });
});

describe('"Seen" under the last message', () => {
  const sentAt = '2025-11-22T10:00:00.000Z';
  it('shows once the participant read the conversation at or after it was sent', () => {
    expect(isSeenByParticipant('2025-11-22T10:00:00.000Z', sentAt)).toBe(true);
    expect(isSeenByParticipant('2025-11-22T10:05:00.000Z', sentAt)).toBe(true);
  });

  it('does not show before that, or when they never read it', () => {
    expect(isSeenByParticipant('2025-11-22T09:59:59.999Z', sentAt)).toBe(false);
    expect(isSeenByParticipant(null, sentAt)).toBe(false);
  });
});
