import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGES, lastMessagePreview, toggledReaction } from './conversation-rules';
import { CreateConversationInput, SendTextInput, SetReactionInput } from './conversations';

describe('Message content (product.md section 5): at most 5000 characters, type text or image', () => {
  it('takes text up to 5000 characters', () => {
    expect(SendTextInput.safeParse({ type: 'text', content: 'Hi!' }).success).toBe(true);
    expect(SendTextInput.safeParse({ type: 'text', content: 'x'.repeat(5000) }).success).toBe(true);
  });

  it('refuses 5001 characters with the length message', () => {
    const result = SendTextInput.safeParse({ type: 'text', content: 'x'.repeat(5001) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CHAT_MESSAGES.tooLong);
  });

  it('refuses a message with nothing to read', () => {
    for (const content of ['', '   ', '\n\t']) {
      expect(SendTextInput.safeParse({ type: 'text', content }).success).toBe(false);
    }
    expect(SendTextInput.safeParse({ type: 'text' }).success).toBe(false);
  });

  it('takes no other type as text: purchase messages are the server’s, images are files', () => {
    for (const type of ['purchase', 'image', 'video', undefined]) {
      expect(SendTextInput.safeParse({ type, content: 'hi' }).success).toBe(false);
    }
  });
});

describe('Conversation creation (product.md section 5): type purchase or received, with purchaseId', () => {
  it('takes either type with a purchase id', () => {
    expect(CreateConversationInput.safeParse({ type: 'purchase', purchaseId: 'p1' }).success).toBe(true);
    expect(CreateConversationInput.safeParse({ type: 'received', purchaseId: 'p1' }).success).toBe(true);
  });

  it('refuses another type, or no purchase id', () => {
    expect(CreateConversationInput.safeParse({ type: 'gift', purchaseId: 'p1' }).success).toBe(false);
    expect(CreateConversationInput.safeParse({ type: 'purchase' }).success).toBe(false);
    expect(CreateConversationInput.safeParse({ type: 'purchase', purchaseId: '' }).success).toBe(false);
  });
});

describe('reactions (product.md section 4)', () => {
  it('toggle: a heart where there is none, none (null) where there is one', () => {
    expect(toggledReaction(null)).toBe('heart');
    expect(toggledReaction('heart')).toBeNull();
  });

  it('are a heart or null', () => {
    expect(SetReactionInput.safeParse({ reaction: 'heart' }).success).toBe(true);
    expect(SetReactionInput.safeParse({ reaction: null }).success).toBe(true);
    expect(SetReactionInput.safeParse({ reaction: 'like' }).success).toBe(false);
    expect(SetReactionInput.safeParse({}).success).toBe(false);
  });
});

describe('lastMessagePreview', () => {
  it('says who wrote last, and what kind of message it was', () => {
    expect(lastMessagePreview({ type: 'text', text: 'See you', isMine: true })).toBe('You: See you');
    expect(lastMessagePreview({ type: 'text', text: 'See you', isMine: false })).toBe('See you');
    expect(lastMessagePreview({ type: 'image', text: null, isMine: false })).toBe('Sent an image');
    expect(lastMessagePreview({ type: 'purchase', text: 'Tip of $25', isMine: false })).toBe('Tip of $25');
  });
});
