import { describe, expect, it } from 'vitest';
import { ABOUT_ME_MESSAGES, aboutMeProblem, UpdateProfileInput } from './profiles';

describe('About Me rules', () => {
  it.each([
    ['I bake cakes.', undefined],
    ['Line one\nLine two\n\nLine four', undefined],
    ['Tab\tseparated', 'control'],
    ['Windows line\r\nbreak', 'control'],
    ['Bell\u0007', 'control'],
    ['C1\u0085control', 'control'],
    ['   ', 'empty'],
    ['x'.repeat(1001), 'long'],
  ])('%j is %s', (text, problem) => {
    expect(aboutMeProblem(text)).toBe(problem);
  });

  it('refuses the same texts in a profile update, with the same message', () => {
    const result = UpdateProfileInput.safeParse({ description: 'Tab\tseparated' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([ABOUT_ME_MESSAGES.control]);
    expect(UpdateProfileInput.parse({ description: ' Line one\nLine two ' })).toEqual({
      description: 'Line one\nLine two',
    });
  });

  it('refuses a display name with a tab in a profile update', () => {
    const result = UpdateProfileInput.safeParse({ displayName: 'Bob\tSmith' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Remove tabs, line breaks and other control characters',
    ]);
  });
});
