import { describe, expect, it } from 'vitest';
import { COMMON_EMOJI, insertAtCaret } from './emoji';

describe('emoji insertion', () => {
  it('inserts at the caret and puts the caret after it', () => {
    expect(insertAtCaret('Hi there', '😀', { start: 2, end: 2 })).toEqual({ text: 'Hi😀 there', caret: 4 });
  });

  it('replaces a selection', () => {
    expect(insertAtCaret('Hi there', '🎉', { start: 3, end: 8 })).toEqual({ text: 'Hi 🎉', caret: 5 });
  });

  it('appends when the field never had the caret', () => {
    expect(insertAtCaret('Hi', '❤️', { start: null, end: null })).toEqual({ text: 'Hi❤️', caret: 4 });
  });

  it('offers each emoji once', () => {
    expect(new Set(COMMON_EMOJI).size).toBe(COMMON_EMOJI.length);
  });
});
