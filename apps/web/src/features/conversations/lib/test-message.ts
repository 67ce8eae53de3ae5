import type { Message } from '@sweetwish/shared/conversations';

/** For tests: a text message from the other participant numbered `seq`, sent at 3:(05 + seq) PM. */
export function testMessage(seq: number, overrides: Partial<Message> = {}): Message {
  return {
    id: `m${seq}`,
    seq,
    version: seq,
    type: 'text',
    isMine: false,
    content: `message ${seq}`,
    image: null,
    purchase: null,
    sentAt: new Date(2025, 10, 22, 15, 5 + seq).toISOString(),
    reaction: null,
    participantReaction: null,
    isRemoved: false,
    ...overrides,
  };
}
